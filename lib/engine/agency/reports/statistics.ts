import 'server-only'
import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { orders, recipients, recommendations } from '@/lib/db/schema'
import { STATISTICS_MAX_MONTHS, type ReportFilter, type Statistics } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { germanDayStart } from '@/lib/shared/german-date'
import { getDb } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'

/** The first day of the month `offset` months after the month of `day` (YYYY-MM-DD). */
function monthStart(day: string, offset = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(y, m - 1 + offset, 1))
  return date.toISOString().slice(0, 10)
}

/** The months of the period: by default the current one and the five before it. */
function monthsOf(filter: ReportFilter, today: string): string[] {
  const last = monthStart(filter.Bis ?? today)
  const first = monthStart(filter.Von ?? monthStart(last, -5))
  const months: string[] = []
  for (let month = first; month <= last; month = monthStart(month, 1)) {
    months.push(month)
    if (months.length > STATISTICS_MAX_MONTHS)
      throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'Filter.Von', Code: 'too_small' }] })
  }
  if (months.length === 0)
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'Filter.Bis', Code: 'too_small' }] })
  return months
}

/**
 * count(*) per month as columns `{prefix}{i}`: one pass over the agency's rows of the period, each month
 * a filtered count (of the rows that also meet `also`).
 */
function perMonth(
  column: AnyColumn,
  bounds: (month: string) => [unknown, unknown],
  months: string[],
  prefix = 'm',
  also: SQL = sql`true`,
) {
  return Object.fromEntries(
    months.map((month, i) => {
      const [from, to] = bounds(month)
      const counted = sql<number>`(count(*) filter (where ${column} >= ${from} and ${column} < ${to} and ${also}))::int`
      return [`${prefix}${i}`, counted]
    }),
  )
}

/**
 * StatistikReport (PUT agentur/statistik): recommendations, leads, orders and completed orders per German
 * calendar month of the period (whole months; by default the last six), for the agency's rows only,
 * optionally of one agent. Each count reads the agency's index over the period once.
 */
export async function agencyStatistics(
  agencyId: string,
  filter: ReportFilter,
  clock: Clock,
): Promise<Statistics> {
  const today = germanToday(clock())
  const months = monthsOf(filter, today)
  const end = monthStart(months.at(-1)!, 1)
  const instant = (month: string): [Date, Date] => [
    germanDayStart(month),
    germanDayStart(monthStart(month, 1)),
  ]
  const day = (month: string): [string, string] => [month, monthStart(month, 1)]
  const agent = (column: AnyColumn): SQL | undefined => (filter.Agent ? eq(column, filter.Agent) : undefined)
  const db = await getDb()
  const [made, leads, ordered] = await Promise.all([
    db
      .select(perMonth(recommendations.createdAt, instant, months))
      .from(recommendations)
      .where(
        and(
          eq(recommendations.agencyId, agencyId),
          gte(recommendations.createdAt, germanDayStart(months[0]!)),
          lt(recommendations.createdAt, germanDayStart(end)),
          agent(recommendations.agentNumber),
        ),
      ),
    db
      .select(perMonth(recipients.createdAt, instant, months))
      .from(recipients)
      .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
      .where(
        and(
          eq(recipients.agencyId, agencyId),
          gte(recipients.createdAt, germanDayStart(months[0]!)),
          lt(recipients.createdAt, germanDayStart(end)),
          agent(recommendations.agentNumber),
        ),
      ),
    db
      .select({
        ...perMonth(orders.auftragsdatum, day, months),
        ...perMonth(orders.auftragsdatum, day, months, 'p', eq(orders.status, 'Gezahlt')),
      })
      .from(orders)
      .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
      .where(
        and(
          eq(orders.agencyId, agencyId),
          gte(orders.auftragsdatum, months[0]!),
          lt(orders.auftragsdatum, end),
          agent(recommendations.agentNumber),
        ),
      ),
  ])
  const count = (row: Record<string, unknown> | undefined, key: string) => Number(row?.[key] ?? 0)
  const Monate = months.map((month, i) => ({
    Monat: month.slice(0, 7),
    Empfehlungen: count(made[0], `m${i}`),
    Leads: count(leads[0], `m${i}`),
    Auftraege: count(ordered[0], `m${i}`),
    Abgeschlossen: count(ordered[0], `p${i}`),
  }))
  const sum = (key: 'Empfehlungen' | 'Leads' | 'Auftraege' | 'Abgeschlossen') =>
    Monate.reduce((total, month) => total + month[key], 0)
  const Summen = {
    Empfehlungen: sum('Empfehlungen'),
    Leads: sum('Leads'),
    Auftraege: sum('Auftraege'),
    Abgeschlossen: sum('Abgeschlossen'),
  }
  return {
    Von: months[0]!,
    Bis: new Date(Date.parse(`${end}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    Monate,
    Summen: {
      ...Summen,
      Konversion: Summen.Empfehlungen ? Math.round((Summen.Auftraege / Summen.Empfehlungen) * 1000) / 10 : 0,
    },
  }
}
