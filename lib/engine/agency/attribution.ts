import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { agents } from '@/lib/db/schema'

/**
 * The agency a recommendation is attributed to: the one whose active agent's number it carries
 * (AgentNumber / Agentennummer). An unknown or inactive agent's number attributes it to nobody; its
 * recipients and orders follow the recommendation.
 */
export async function agencyOfAgentNumber(
  db: Db,
  tenantSlug: string,
  agentNumber: string | null,
): Promise<string | null> {
  if (!agentNumber) return null
  const [agent] = await db
    .select({ agencyId: agents.agencyId })
    .from(agents)
    .where(and(eq(agents.tenantSlug, tenantSlug), eq(agents.externeId, agentNumber), eq(agents.active, true)))
    .limit(1)
  return agent?.agencyId ?? null
}
