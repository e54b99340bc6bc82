import 'server-only'
import { sql, type SQL } from 'drizzle-orm'

/**
 * The agency a recommendation is attributed to: the one whose active agent's number it carries
 * (AgentNumber / Agentennummer). An unknown or inactive agent's number attributes it to nobody; its
 * recipients and orders follow the recommendation. The statement, sent in the recommendation's
 * transaction with its other statements (lib/db/in-order.ts); answeredAgency reads the answer.
 */
export function agencyOfAgentNumber(tenantSlug: string, agentNumber: string): SQL {
  return sql`select agency_id from agents
    where tenant_slug = ${tenantSlug} and externe_id = ${agentNumber} and active limit 1`
}

/**
 * The agency an answer names, if any: of agencyOfAgentNumber, or of the invitation progress
 * (noteRecommendationOfInvited), both `agency_id` in their first row.
 */
export function answeredAgency(answer: unknown): string | null {
  const [row] = (answer as { rows: { agency_id: string }[] }).rows
  return row?.agency_id ?? null
}
