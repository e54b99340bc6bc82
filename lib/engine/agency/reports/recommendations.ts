import 'server-only'
import { and, eq, exists, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { agents, orders, recipients, recommendations, referrers } from '@/lib/db/schema'
import {
  RECOMMENDATION_REPORT_STATES,
  type RecommendationReportRow,
  type RecommendationReportState,
} from '@/lib/contracts/agency'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

const hasOrder = exists(
  sql`(select 1 from ${orders} where ${orders.recommendationId} = ${recommendations.id})`,
)
const hasLead = exists(
  sql`(select 1 from ${recipients} where ${recipients.recommendationId} = ${recommendations.id})`,
)

function stateOf(now: Date): SQL<RecommendationReportState> {
  return sql<RecommendationReportState>`case
    when ${hasOrder} then 'Auftrag'
    when ${hasLead} then 'Lead'
    when ${recommendations.activatedAt} is null then 'Unbestaetigt'
    when ${recommendations.expiresAt} < ${now} then 'Abgelaufen'
    else 'Aktiv' end`
}

function inState(state: string, now: Date): SQL | undefined {
  if (!(RECOMMENDATION_REPORT_STATES as readonly string[]).includes(state)) return sql`false`
  const noProgress = and(sql`not ${hasOrder}`, sql`not ${hasLead}`)
  switch (state as RecommendationReportState) {
    case 'Auftrag':
      return hasOrder
    case 'Lead':
      return and(hasLead, sql`not ${hasOrder}`)
    case 'Unbestaetigt':
      return and(noProgress, isNull(recommendations.activatedAt))
    case 'Abgelaufen':
      return and(noProgress, lt(recommendations.expiresAt, now))
    case 'Aktiv':
      return and(
        noProgress,
        sql`${recommendations.activatedAt} is not null`,
        or(isNull(recommendations.expiresAt), sql`${recommendations.expiresAt} >= ${now}`),
      )
  }
}

/** agentur/empfehlungen: the recommendations carrying the number of one of the agency's agents. */
export const recommendationReport: ReportDefinition<RecommendationReportRow> = {
  sortKeys: {
    ErstelltAm: recommendations.createdAt,
    ProduktName: recommendations.produktName,
    Agentennummer: recommendations.agentNumber,
    Empfehlungsnummer: recommendations.nummer,
  },
  tieBreak: recommendations.id,
  where: (agencyId, filter, now) =>
    and(
      eq(recommendations.agencyId, agencyId),
      inPeriod(recommendations.createdAt, filter),
      filter.Agent ? eq(recommendations.agentNumber, filter.Agent) : undefined,
      filter.Suche ? eq(recommendations.nummer, filter.Suche) : undefined,
      filter.Status ? inState(filter.Status, now) : undefined,
    ),
  rows: (db, where, order, limit, offset, { now }) =>
    db
      .select({
        Empfehlungsnummer: recommendations.nummer,
        ErstelltAm: recommendations.createdAt,
        ProduktName: recommendations.produktName,
        Agentennummer: recommendations.agentNumber,
        AgentName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${agents.vorname}, ${agents.nachname})), '')`,
        EmpfehlerName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${referrers.vorname}, ${referrers.nachname})), '')`,
        AnteilEmpfehler: recommendations.anteilEmpfehler,
        PraemieWertCent: recommendations.praemieWertCent,
        Status: stateOf(now),
      })
      .from(recommendations)
      .leftJoin(
        agents,
        and(
          eq(agents.tenantSlug, recommendations.tenantSlug),
          eq(agents.externeId, recommendations.agentNumber),
        ),
      )
      .leftJoin(referrers, eq(referrers.id, recommendations.referrerId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map((row) => ({ ...row, ErstelltAm: row.ErstelltAm.toISOString() }))),
  count: (db, where, cap) =>
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(recommendations)
        .where(where)
        .limit(cap),
    ),
  columns: [
    { key: 'Empfehlungsnummer', heading: { de: 'Empfehlungsnummer', en: 'Recommendation number' } },
    { key: 'ErstelltAm', heading: { de: 'Erstellt am', en: 'Created on' } },
    { key: 'ProduktName', heading: { de: 'Produkt', en: 'Product' } },
    { key: 'Agentennummer', heading: { de: 'Beraternummer', en: 'Agent number' } },
    { key: 'AgentName', heading: { de: 'Berater', en: 'Agent' } },
    { key: 'EmpfehlerName', heading: { de: 'Empfehler', en: 'Referrer' } },
    { key: 'AnteilEmpfehler', heading: { de: 'Anteil Empfehler (%)', en: 'Referrer share (%)' } },
    { key: 'PraemieWertCent', heading: { de: 'Prämie (Cent)', en: 'Reward (cents)' } },
    { key: 'Status', heading: { de: 'Status', en: 'Status' } },
  ],
}
