import 'server-only'
import { and, asc, desc, gte, lt, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  REPORT_EXPORT_MAX_ROWS,
  REPORT_MAX_ROWS,
  type ReportFilter,
  type ReportPage,
  type ReportRequest,
} from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { germanDayStart, nextGermanDay } from '@/lib/shared/german-date'
import { getDb, type Db } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '@/lib/engine/agency/agency-session'
import type { CsvColumn } from './csv'

/**
 * One agency report (SPEC §7.1 agentur/*): the server pages, sorts and filters, and only by the sort
 * keys the report names, each backed by the agency's own rows (every query starts from the agency's
 * index). A page reads one row more than it shows to know whether another follows, and the count stops
 * at REPORT_MAX_ROWS, so a page costs the same at 10⁶ rows as at 10³.
 */
export type ReportDefinition<Row> = {
  /** Sort keys (the request's OrderBy) and the expression each sorts by; the first is the default. */
  sortKeys: Record<string, AnyColumn | SQL>
  /** Sorts last, so equal keys keep one order across pages. */
  tieBreak: AnyColumn
  /** The agency's rows the filter leaves (Status and Suche as the report reads them). */
  where(agencyId: string, filter: ReportFilter, now: Date): SQL | undefined
  /** Up to `limit` rows from `offset` in this order. */
  rows(
    db: Db,
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
    ctx: RowContext,
  ): Promise<Row[]>
  /** How many rows the filter leaves, counted up to `cap`. */
  count(db: Db, where: SQL | undefined, cap: number, ctx: { filter: ReportFilter }): Promise<number>
  /** The CSV export's columns, headed and read as the screen shows them, in the caller's language. */
  columns: ReportColumn<Row>[]
}

/** A CSV column: headed and read with the screens' texts (csv.ts). */
export type ReportColumn<Row> = CsvColumn<Row>

/** Who reads the report, and when. */
export type RowContext = { now: Date; tenant: Tenant; user: AgencySessionUser; filter: ReportFilter }

export type ReportCall = { tenant: Tenant; user: AgencySessionUser; request: ReportRequest; clock: Clock }

/** One page of a report. */
export async function reportPage<Row>(
  definition: ReportDefinition<Row>,
  { tenant, user, request, clock }: ReportCall,
): Promise<ReportPage<Row>> {
  const order = sortOrder(definition, request)
  const offset = (request.Pagenumber - 1) * request.Pagesize
  if (offset >= REPORT_MAX_ROWS)
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'Pagenumber', Code: 'too_big' }] })
  const now = clock()
  const where = definition.where(user.agency.id, request.Filter, now)
  const db = await getDb()
  const [rows, counted] = await Promise.all([
    definition.rows(db, where, order, request.Pagesize + 1, offset, {
      now,
      tenant,
      user,
      filter: request.Filter,
    }),
    definition.count(db, where, REPORT_MAX_ROWS + 1, { filter: request.Filter }),
  ])
  const capped = counted > REPORT_MAX_ROWS
  const total = Math.min(counted, REPORT_MAX_ROWS)
  return {
    Content: rows.slice(0, request.Pagesize),
    Pagenumber: request.Pagenumber,
    Pagesize: request.Pagesize,
    HasNext: rows.length > request.Pagesize,
    PageCount: Math.max(1, Math.ceil(total / request.Pagesize)),
    TotalCount: total,
    TotalCountCapped: capped,
  }
}

/** Every row the filter leaves (up to REPORT_EXPORT_MAX_ROWS) in the request's order. */
export async function reportRows<Row>(
  definition: ReportDefinition<Row>,
  { tenant, user, request, clock }: ReportCall,
): Promise<Row[]> {
  const order = sortOrder(definition, request)
  const now = clock()
  const db = await getDb()
  const where = definition.where(user.agency.id, request.Filter, now)
  return definition.rows(db, where, order, REPORT_EXPORT_MAX_ROWS, 0, {
    now,
    tenant,
    user,
    filter: request.Filter,
  })
}

function sortOrder<Row>(definition: ReportDefinition<Row>, request: ReportRequest): SQL[] {
  const key = request.OrderBy ?? Object.keys(definition.sortKeys)[0]!
  if (!Object.hasOwn(definition.sortKeys, key))
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'OrderBy', Code: 'option' }] })
  const direction = request.Descending ? desc : asc
  return [direction(definition.sortKeys[key]!), direction(definition.tieBreak)]
}

/** The period filter (Von/Bis, inclusive German calendar days) on a timestamp column. */
export function inPeriod(column: AnyColumn, filter: ReportFilter): SQL | undefined {
  return and(
    filter.Von ? gte(column, germanDayStart(filter.Von)) : undefined,
    filter.Bis ? lt(column, germanDayStart(nextGermanDay(filter.Bis))) : undefined,
  )
}

/** The period filter on a date column (YYYY-MM-DD compares as text in calendar order). */
export function inDatePeriod(column: AnyColumn, filter: ReportFilter): SQL | undefined {
  return and(
    filter.Von ? gte(column, filter.Von) : undefined,
    filter.Bis ? lt(column, nextGermanDay(filter.Bis)) : undefined,
  )
}

/** count(*) of a query's rows (a select that ends in `limit cap`): stops at the cap. */
export async function cappedCount(db: Db, query: SQLWrapper): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from (${query}) as counted`)
  return Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0)
}
