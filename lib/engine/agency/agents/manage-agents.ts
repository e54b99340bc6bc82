import 'server-only'
import { and, eq } from 'drizzle-orm'
import { agents } from '@/lib/db/schema'
import type { AgencyAgent, AgencyAgents } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { getDb, isUniqueViolation } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { agencyAgents } from './agent-rows'

/**
 * Verwaltung: the agency's sales agents (Berater). Their numbers attribute recommendations to the
 * agency (lib/engine/agency/attribution.ts): a deactivated agent's number attributes new ones to nobody,
 * while what was attributed stays so.
 */

/** GET agentur/berater. */
export async function listAgents(user: AgencySessionUser): Promise<AgencyAgents> {
  return { Berater: await agencyAgents(await getDb(), user.agency.id) }
}

/** POST agentur/berater: a new agent; a number the tenant has already is refused (BeraternummerVergeben). */
export async function addAgent(
  tenant: Tenant,
  user: AgencySessionUser,
  input: { ExterneId: string; Vorname: string; Nachname: string; Plz: string; Ort: string },
  clock: Clock,
): Promise<AgencyAgent> {
  const db = await getDb()
  const [taken] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.tenantSlug, tenant.slug), eq(agents.externeId, input.ExterneId)))
    .limit(1)
  if (taken) throw new ApiError('BeraternummerVergeben')
  const [added] = await db
    .insert(agents)
    .values({
      tenantSlug: tenant.slug,
      agencyId: user.agency.id,
      externeId: input.ExterneId,
      vorname: input.Vorname,
      nachname: input.Nachname,
      plz: input.Plz,
      ort: input.Ort,
      createdAt: clock(),
    })
    .returning({ id: agents.id })
    .catch((error: unknown) => {
      // Two agencies adding the same number at once: the tenant-wide unique index decides.
      if (isUniqueViolation(error)) throw new ApiError('BeraternummerVergeben')
      throw error
    })
  const [agent] = await agencyAgents(db, user.agency.id, eq(agents.id, added!.id))
  if (!agent) throw new ApiError('Default')
  return agent
}

/** PUT agentur/berater/{id} {Aktiv}: another agency's agent is not found. */
export async function setAgentActive(
  user: AgencySessionUser,
  id: string,
  active: boolean,
): Promise<AgencyAgent> {
  const db = await getDb()
  const [changed] = await db
    .update(agents)
    .set({ active })
    .where(and(eq(agents.id, id), eq(agents.agencyId, user.agency.id)))
    .returning({ id: agents.id })
  if (!changed) throw new ApiError('NichtGefunden')
  const [agent] = await agencyAgents(db, user.agency.id, eq(agents.id, id))
  if (!agent) throw new ApiError('NichtGefunden')
  return agent
}
