import 'server-only'
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { orders, recipients, recommendations } from '@/lib/db/schema'
import { ORDER_REPORT_STATES, type AgencyOrderRow } from '@/lib/contracts/agency'
import { releasesOf } from '@/lib/engine/agency/release-order'
import { cappedCount, inDatePeriod, type ReportDefinition } from './report'
import type { CsvTexts } from './csv'

function inState(state: string): SQL {
  if (state === 'FreigabeOffen') return and(isNull(orders.releasedAt), ne(orders.status, 'Storniert'))!
  return (ORDER_REPORT_STATES as readonly string[]).includes(state) ? eq(orders.status, state) : sql`false`
}

/** The release as the order report's screen words it: the state, then who released on which day. */
function releaseText(row: AgencyOrderRow, { t, day }: CsvTexts): string {
  const who = row.Freigaben.map((release) =>
    t('report.releasedBy', { name: release.Name, date: day(release.Am) }),
  )
  switch (row.Freigabe) {
    case 'Freigegeben':
      return [t('report.releaseStates.Freigegeben'), ...who].join(' · ')
    case 'Teilweise':
      return [t('report.releaseOfTwo', { given: row.Freigaben.length }), ...who].join(' · ')
    case 'Offen':
      return row.FreigabenNoetig === 2 ? t('report.releaseFourEyes') : t('report.releaseStates.Offen')
    case 'Entfaellt':
      return ''
  }
}

/** agentur/auftraege: the orders the provider reported for the agency's recommendations. */
export const agencyOrderReport: ReportDefinition<AgencyOrderRow> = {
  sortKeys: {
    Auftragsdatum: orders.auftragsdatum,
    ProduktName: orders.produktName,
    Status: orders.status,
    Auftragsnummer: orders.auftragsnummer,
  },
  tieBreak: orders.id,
  where: (agencyId, filter) =>
    and(
      eq(orders.agencyId, agencyId),
      inDatePeriod(orders.auftragsdatum, filter),
      filter.Agent ? eq(recommendations.agentNumber, filter.Agent) : undefined,
      filter.Suche ? eq(orders.auftragsnummer, filter.Suche) : undefined,
      filter.Status ? inState(filter.Status) : undefined,
    ),
  rows: (db, where, order, limit, offset, { tenant, user }) =>
    db
      .select({
        id: orders.id,
        releasedAt: orders.releasedAt,
        Auftragsnummer: orders.auftragsnummer,
        Auftragsdatum: orders.auftragsdatum,
        ProduktName: orders.produktName,
        Status: sql<AgencyOrderRow['Status']>`${orders.status}`,
        Empfehlungsnummer: recommendations.nummer,
        Agentennummer: recommendations.agentNumber,
        PraemieWertCent: recommendations.praemieWertCent,
        Empfaengername: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${recipients.vorname}, ${recipients.name})), '')`,
      })
      .from(orders)
      .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
      .leftJoin(recipients, eq(recipients.id, orders.recipientId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then(async (rows) => {
        const subjects = rows.map((row) => ({
          id: row.id,
          status: row.Status,
          releasedAt: row.releasedAt,
          promised: row.PraemieWertCent,
        }))
        const releases = await releasesOf(db, tenant, subjects, user.id)
        return rows.map(({ id, releasedAt, ...shown }) => {
          void releasedAt
          return { ...shown, ...releases.get(id)! }
        })
      }),
  // Every order has its recommendation: the join is needed only to filter by agent number.
  count: (db, where, cap, { filter }) =>
    cappedCount(
      db,
      (filter.Agent
        ? db
            .select({ one: sql`1` })
            .from(orders)
            .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
        : db.select({ one: sql`1` }).from(orders)
      )
        .where(where)
        .limit(cap),
    ),
  columns: [
    { key: 'Auftragsnummer', heading: ({ t }) => t('report.columns.orderNumber') },
    {
      key: 'Auftragsdatum',
      heading: ({ t }) => t('report.columns.orderDate'),
      value: (row, { day }) => day(row.Auftragsdatum),
    },
    { key: 'ProduktName', heading: ({ t }) => t('report.columns.product') },
    {
      key: 'Status',
      heading: ({ t }) => t('report.columns.status'),
      value: (row, { t }) => t(`report.states.${row.Status}`),
    },
    { key: 'Empfehlungsnummer', heading: ({ t }) => t('report.columns.recommendationNumber') },
    { key: 'Agentennummer', heading: ({ t }) => t('report.columns.agentNumber') },
    { key: 'Empfaengername', heading: ({ t }) => t('report.columns.customer') },
    {
      key: 'PraemieWertCent',
      heading: ({ t }) => t('report.columns.rewardEuro'),
      value: (row, { euro }) => euro(row.PraemieWertCent),
    },
    { key: 'Freigabe', heading: ({ t }) => t('report.columns.release'), value: releaseText },
  ],
}
