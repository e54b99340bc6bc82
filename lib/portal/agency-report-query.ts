import {
  REPORT_MAX_ROWS,
  reportFilterSchema,
  reportRequestSchema,
  type ReportRequest,
} from '@/lib/contracts/agency'

/**
 * A report's state in the address of its screen, so a filtered, sorted page can be bookmarked, shared
 * and opened again, and every control works as a plain link or GET form (no script needed):
 * ?liste=&seite=&sortierung=&aufsteigend=&von=&bis=&berater=&status=&suche=. What the address holds
 * wrongly (a page beyond the last, a broken date) is left out, never an error page.
 */
export type SearchParams = Record<string, string | string[] | undefined>

const PARAMS = {
  von: 'Von',
  bis: 'Bis',
  berater: 'Agent',
  status: 'Status',
  suche: 'Suche',
} as const

function one(params: SearchParams, name: string): string | undefined {
  const value = params[name]
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  return text ? text : undefined
}

export function reportRequestOf(params: SearchParams, pageSize = 20): ReportRequest {
  const filter: Record<string, string> = {}
  for (const [param, field] of Object.entries(PARAMS)) {
    const value = one(params, param)
    if (value && reportFilterSchema.shape[field].safeParse(value).success) filter[field] = value
  }
  const page = Number(one(params, 'seite'))
  const lastPage = Math.floor((REPORT_MAX_ROWS - 1) / pageSize) + 1
  const orderBy = one(params, 'sortierung')
  return reportRequestSchema.parse({
    OrderBy: reportRequestSchema.shape.OrderBy.safeParse(orderBy).success ? orderBy : undefined,
    Descending: one(params, 'aufsteigend') !== '1',
    Pagesize: pageSize,
    Pagenumber: Number.isInteger(page) && page >= 1 ? Math.min(page, lastPage) : 1,
    Filter: filter,
  })
}

/**
 * The address query of a report state, with some parts changed (undefined removes one) or added (a
 * message after an action); anything else the address held is left out.
 */
export function reportQuery(params: SearchParams, changes: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams()
  const state = ['liste', 'seite', 'sortierung', 'aufsteigend', ...Object.keys(PARAMS)]
  for (const name of [...state, ...Object.keys(changes).filter((name) => !state.includes(name))]) {
    const value = name in changes ? changes[name] : one(params, name)
    if (value) query.set(name, value)
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}
