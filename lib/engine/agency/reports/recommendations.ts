import 'server-only'
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { agents, recommendations, referrers } from '@/lib/db/schema'
import {
  RECOMMENDATION_REPORT_STATES,
  type RecommendationReportRow,
  type RecommendationReportState,
} from '@/lib/contracts/agency'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

/**
 * The state from how far the recommendation came (recommendations.progress, kept by the database: 2 an
 * order, 1 a recipient), then from its own dates: one indexed column, so a filtered page at 10⁶
 * recommendations reads only its rows.
 */
function stateOf(now: Date): SQL<RecommendationReportState> {
  return sql<RecommendationReportState>`case
    when ${recommendations.progress} = 2 then 'Auftrag'
    when ${recommendations.progress} = 1 then 'Lead'
    when ${recommendations.activatedAt} is null then 'Unbestaetigt'
    when ${recommendations.expiresAt} < ${now} then 'Abgelaufen'
    else 'Aktiv' end`
}

function inState(state: string, now: Date): SQL | undefined {
  if (!(RECOMMENDATION_REPORT_STATES as readonly string[]).includes(state)) return sql`false`
  const noProgress = eq(recommendations.progress, 0)
  switch (state as RecommendationReportState) {
    case 'Auftrag':
      return eq(recommendations.progress, 2)
    case 'Lead':
      return eq(recommendations.progress, 1)
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
  rows: (db, where, order, limit, offset, { now }) => {
    // The page's ids first (the agency's index, in order, up to the limit); the state's EXISTS and the
    // joins then run for those rows only. In one query the planner reckons with every row of the
    // agency and hashes all orders for the EXISTS instead (a scan of the whole table per page).
    const page = db
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page')
    return db
      .select({
        Empfehlungsnummer: recommendations.nummer,
        ErstelltAm: recommendations.createdAt,
        ProduktName: recommendations.produktName,
        Agentennummer: recommendations.agentNumber,
        AgentName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${agents.vorname}, ${agents.nachname})), '')`,
        // Named once the referrer confirmed it: the e-mail of an unconfirmed one may be anyone's.
        EmpfehlerName: sql<string | null>`case when ${recommendations.activatedAt} is not null
          then nullif(trim(concat_ws(' ', ${referrers.vorname}, ${referrers.nachname})), '') end`,
        AnteilEmpfehler: recommendations.anteilEmpfehler,
        PraemieWertCent: recommendations.praemieWertCent,
        Status: stateOf(now),
      })
      .from(page)
      .innerJoin(recommendations, eq(recommendations.id, page.id))
      .leftJoin(
        agents,
        and(
          eq(agents.tenantSlug, recommendations.tenantSlug),
          eq(agents.externeId, recommendations.agentNumber),
        ),
      )
      .leftJoin(referrers, eq(referrers.id, recommendations.referrerId))
      .orderBy(...order)
      .then((rows) => rows.map((row) => ({ ...row, ErstelltAm: row.ErstelltAm.toISOString() })))
  },
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
    { key: 'Empfehlungsnummer', heading: ({ t }) => t('report.columns.recommendationNumber') },
    {
      key: 'ErstelltAm',
      heading: ({ t }) => t('report.columns.created'),
      value: (row, { dateTime }) => dateTime(row.ErstelltAm),
    },
    { key: 'ProduktName', heading: ({ t }) => t('report.columns.product') },
    { key: 'Agentennummer', heading: ({ t }) => t('report.columns.agentNumber') },
    { key: 'AgentName', heading: ({ t }) => t('report.columns.agent') },
    { key: 'EmpfehlerName', heading: ({ t }) => t('report.columns.referrer') },
    { key: 'AnteilEmpfehler', heading: ({ t }) => t('report.columns.referrerShare') },
    {
      key: 'PraemieWertCent',
      heading: ({ t }) => t('report.columns.rewardEuro'),
      value: (row, { euro }) => euro(row.PraemieWertCent),
    },
    {
      key: 'Status',
      heading: ({ t }) => t('report.columns.status'),
      value: (row, { t }) => t(`report.states.${row.Status}`),
    },
  ],
}
