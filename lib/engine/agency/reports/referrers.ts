import 'server-only'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { orders, recipients, recommendations, referrers } from '@/lib/db/schema'
import type { ReferrerReportRow } from '@/lib/contracts/agency'
import { normalizeEmail } from '@/lib/engine/referrers/to-user'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

const recommendationCount = sql<number>`count(distinct ${recommendations.id})::int`
const leadCount = sql<number>`count(distinct ${recipients.id})::int`
const orderCount = sql<number>`count(distinct ${orders.id})::int`
const lastRecommendation = sql<Date>`max(${recommendations.createdAt})`

/**
 * agentur/empfehler (PUT agentur/{x}): the referrers who recommended with the number of one of the
 * agency's agents, with how many recommendations, leads and orders came of it in the period. Only
 * recommendations the referrer confirmed count: anyone can send one with an agent's number and any
 * e-mail, and the agency must not learn from it whose account that address is, or its name.
 */
export const referrerReport: ReportDefinition<ReferrerReportRow> = {
  sortKeys: {
    LetzteEmpfehlung: lastRecommendation,
    Name: sql`${referrers.nachname} || ' ' || ${referrers.vorname}`,
    Empfehlungen: recommendationCount,
    Leads: leadCount,
    Auftraege: orderCount,
  },
  tieBreak: referrers.id,
  where: (agencyId, filter) =>
    and(
      eq(recommendations.agencyId, agencyId),
      isNotNull(recommendations.activatedAt),
      inPeriod(recommendations.createdAt, filter),
      filter.Agent ? eq(recommendations.agentNumber, filter.Agent) : undefined,
      filter.Suche ? eq(referrers.email, normalizeEmail(filter.Suche)) : undefined,
      // Referrers have no states to filter by.
      filter.Status ? sql`false` : undefined,
    ),
  rows: (db, where, order, limit, offset) =>
    db
      .select({
        vorname: referrers.vorname,
        nachname: referrers.nachname,
        Email: referrers.email,
        Empfehlungen: recommendationCount,
        Leads: leadCount,
        Auftraege: orderCount,
        last: lastRecommendation,
      })
      .from(recommendations)
      .innerJoin(referrers, eq(referrers.id, recommendations.referrerId))
      .leftJoin(recipients, eq(recipients.recommendationId, recommendations.id))
      .leftJoin(orders, eq(orders.recommendationId, recommendations.id))
      .where(where)
      .groupBy(referrers.id)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((rows) =>
        rows.map(({ vorname, nachname, last, ...tallies }) => ({
          Name: `${vorname} ${nachname}`.trim(),
          ...tallies,
          LetzteEmpfehlung: new Date(last).toISOString(),
        })),
      ),
  count: (db, where, cap) =>
    cappedCount(
      db,
      db
        .select({ one: recommendations.referrerId })
        .from(recommendations)
        .innerJoin(referrers, eq(referrers.id, recommendations.referrerId))
        .where(where)
        .groupBy(recommendations.referrerId)
        .limit(cap),
    ),
  columns: [
    { key: 'Name', heading: ({ t }) => t('report.columns.name') },
    { key: 'Email', heading: ({ t }) => t('report.columns.email') },
    { key: 'Empfehlungen', heading: ({ t }) => t('report.columns.recommendations') },
    { key: 'Leads', heading: ({ t }) => t('report.columns.leads') },
    { key: 'Auftraege', heading: ({ t }) => t('report.columns.orders') },
    {
      key: 'LetzteEmpfehlung',
      heading: ({ t }) => t('report.columns.lastRecommendation'),
      value: (row, { dateTime }) => dateTime(row.LetzteEmpfehlung),
    },
  ],
}
