import 'server-only'
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm'
import { agents } from '@/lib/db/schema'
import { MAX_AGENT_LIST, type AgentListEntry, type AgentSearchResult } from '@/lib/contracts/agent'
import { getDb } from '@/lib/engine/db'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * The agents a referrer can recommend (SPEC §2.2 EmpfehlenAgent, §7.1 Produkt/berater and
 * Produkt/agents): the tenant's active agents, by last name, first name and number. The handlers are
 * there only under ModuleAgentRecommendation.
 */

export type AgentRow = Pick<typeof agents.$inferSelect, 'externeId' | 'vorname' | 'nachname' | 'plz' | 'ort'>

export const AGENT_COLUMNS = {
  externeId: agents.externeId,
  vorname: agents.vorname,
  nachname: agents.nachname,
  plz: agents.plz,
  ort: agents.ort,
}

/** The photo link of an agent, as SPEC §7.1 has it: /api/v1/{partner}/Produkt/{ExterneId}/grafik. */
export function agentPhotoPath(tenantSlug: string, externeId: string): string {
  return `/api/v1/${tenantSlug}/Produkt/${encodeURIComponent(externeId)}/grafik`
}

export function toAgentEntry(tenant: Tenant, row: AgentRow): AgentListEntry {
  return {
    ExterneId: row.externeId,
    FirstName: row.vorname,
    LastName: row.nachname,
    ZipCode: row.plz,
    City: row.ort,
    Photo: agentPhotoPath(tenant.slug, row.externeId),
  }
}

/** A word as a LIKE prefix: its own %, _ and \ match only themselves. */
function prefixPattern(word: string): string {
  return `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Each word of the query must begin the first or last name, the postcode, a word of the town or the
 * agent number; case does not matter.
 */
function matches(query: string): SQL | undefined {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 8)
  const conditions = words.map((word) => {
    const pattern = prefixPattern(word)
    return or(
      ilike(agents.vorname, pattern),
      ilike(agents.nachname, pattern),
      ilike(agents.plz, pattern),
      ilike(agents.ort, pattern),
      ilike(agents.ort, `% ${pattern}`),
      ilike(agents.ort, `%(${pattern}`),
      ilike(agents.ort, `%-${pattern}`),
      ilike(agents.externeId, pattern),
    )
  })
  return conditions.length > 0 ? and(...conditions) : undefined
}

function activeOf(tenant: Tenant): SQL {
  return and(eq(agents.tenantSlug, tenant.slug), eq(agents.active, true))!
}

const ORDER = [asc(agents.nachname), asc(agents.vorname), asc(agents.externeId)]

/** GET Produkt/berater?query&page&pagesize: one page; a page past the last is empty. */
export async function searchAgents(
  tenant: Tenant,
  input: { query: string; page: number; pagesize: number },
): Promise<AgentSearchResult> {
  const db = await getDb()
  const where = and(activeOf(tenant), matches(input.query))
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(agents).where(where)
  const rows =
    total > (input.page - 1) * input.pagesize
      ? await db
          .select(AGENT_COLUMNS)
          .from(agents)
          .where(where)
          .orderBy(...ORDER)
          .limit(input.pagesize)
          .offset((input.page - 1) * input.pagesize)
      : []
  const pageCount = Math.ceil(total / input.pagesize)
  return {
    Content: rows.map((row) => toAgentEntry(tenant, row)),
    HasNext: input.page < pageCount,
    PageCount: pageCount,
    TotalCount: total,
  }
}

/** GET Produkt/agents: the tenant's active agents by name (at most MAX_AGENT_LIST; more are searched). */
export async function listActiveAgents(tenant: Tenant): Promise<AgentListEntry[]> {
  const db = await getDb()
  const rows = await db
    .select(AGENT_COLUMNS)
    .from(agents)
    .where(activeOf(tenant))
    .orderBy(...ORDER)
    .limit(MAX_AGENT_LIST)
  return rows.map((row) => toAgentEntry(tenant, row))
}

/** An active agent by number, for the photo; null if none. */
export async function findActiveAgent(tenant: Tenant, externeId: string): Promise<AgentListEntry | null> {
  const db = await getDb()
  const [row] = await db
    .select(AGENT_COLUMNS)
    .from(agents)
    .where(and(activeOf(tenant), eq(agents.externeId, externeId)))
    .limit(1)
  return row ? toAgentEntry(tenant, row) : null
}
