import 'server-only'
import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { agents } from '@/lib/db/schema'
import type { AgencyAgent } from '@/lib/contracts/agency'
import type { Db } from '@/lib/engine/db'

/** The agents of an agency (narrowed by `where`): active first, then by last and first name. */
export async function agencyAgents(db: Db, agencyId: string, where?: SQL): Promise<AgencyAgent[]> {
  const rows = await db
    .select()
    .from(agents)
    .where(and(eq(agents.agencyId, agencyId), where))
    .orderBy(desc(agents.active), asc(agents.nachname), asc(agents.vorname))
  return rows.map((agent) => ({
    Id: agent.id,
    ExterneId: agent.externeId,
    Vorname: agent.vorname,
    Nachname: agent.nachname,
    Plz: agent.plz,
    Ort: agent.ort,
    Aktiv: agent.active,
    AngelegtAm: agent.createdAt.toISOString(),
  }))
}
