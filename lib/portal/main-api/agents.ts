import 'server-only'
import { log } from '@/lib/shared/log'
import { agentSearchResultSchema, type AgentSearchResult } from '@/lib/contracts/agent'
import type { ApiContext } from './context'
import { read } from './request'

/** The sales agents a referrer can recommend (EmpfehlenAgent, SPEC §2.2 and §7.1). */

const NOTHING_FOUND: AgentSearchResult = { Content: [], HasNext: false, PageCount: 0, TotalCount: 0 }

/**
 * GET Produkt/berater?query&page&pagesize: one page of the agents the query finds. SPEC §7.1: an answer
 * other than 200 counts as an empty result (the screen says no agent was found).
 */
export async function searchAgents(
  ctx: ApiContext,
  query: { query: string; page: number; pagesize: number },
): Promise<AgentSearchResult> {
  const params = new URLSearchParams({
    query: query.query,
    page: String(query.page),
    pagesize: String(query.pagesize),
  })
  try {
    return await read(ctx, { path: `/Produkt/berater?${params}`, schema: agentSearchResultSchema })
  } catch (error) {
    log.info('Produkt/berater failed; shown as no agent found', { error: String(error) })
    return NOTHING_FOUND
  }
}
