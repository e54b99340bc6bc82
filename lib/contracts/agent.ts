import { z } from 'zod'
import { AGENT_NUMBER_PATTERN } from './form-rules'
import { lineString } from './text-input'

/**
 * The sales agents a referrer can recommend (SPEC §3 Agent list entry, Agent search result; §7.1
 * Produkt/berater, Produkt/agents, Produkt/{ExterneId}/grafik). Shared by the main-API handlers and the
 * portal's client. Only active agents of a tenant with ModuleAgentRecommendation are listed.
 */

/** One agent: the number a recommendation carries (ExterneId), name, postcode, town and photo link. */
export const agentListEntrySchema = z.object({
  ExterneId: z.string(),
  /** Not in SPEC §3's entry; a main API without it leaves it empty. */
  FirstName: z.string().default(''),
  LastName: z.string(),
  ZipCode: z.string(),
  City: z.string(),
  /** The photo's address below the main API: /api/v1/{tenant}/Produkt/{ExterneId}/grafik. */
  Photo: z.string(),
})
export type AgentListEntry = z.infer<typeof agentListEntrySchema>

/** GET Produkt/berater: one page of the agents the query found. */
export const agentSearchResultSchema = z.object({
  Content: z.array(agentListEntrySchema),
  HasNext: z.boolean(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
})
export type AgentSearchResult = z.infer<typeof agentSearchResultSchema>

/** GET Produkt/agents: every active agent, by name. */
export const agentListSchema = z.array(agentListEntrySchema)

/** SPEC §9: page 1, 6 agents a page; a page holds at most MAX_AGENT_PAGE_SIZE. */
export const AGENT_SEARCH_PAGE_SIZE = 6
export const MAX_AGENT_PAGE_SIZE = 50
/** The most agents Produkt/agents answers (a longer list is searched instead). */
export const MAX_AGENT_LIST = 500

/** A page number or size as the query carries it: digits only, so "1e3" or " 2" is refused (400). */
const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))

/**
 * Produkt/berater's query: words that each begin a first or last name, postcode, town or agent number
 * (case does not matter); none lists every agent.
 */
export const agentSearchQuerySchema = z.object({
  query: lineString().trim().max(100).optional().default(''),
  page: pageNumber(100_000).optional().default(1),
  pagesize: pageNumber(MAX_AGENT_PAGE_SIZE).optional().default(AGENT_SEARCH_PAGE_SIZE),
})
export type AgentSearchQuery = z.input<typeof agentSearchQuerySchema>

/**
 * An agent's number (ExterneId, the recommendation's AgentNumber); agency employees' numbers
 * (Mitarbeiternummer, lib/contracts/agency.ts) take the same form.
 */
export const agentNumberSchema = z.string().trim().regex(AGENT_NUMBER_PATTERN)
