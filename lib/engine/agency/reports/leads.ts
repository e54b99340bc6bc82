import 'server-only'
import { and, eq, exists, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { orders, recipients, recommendations } from '@/lib/db/schema'
import { LEAD_REPORT_STATES, type LeadReportRow } from '@/lib/contracts/agency'
import { cappedCount, inPeriod, type ReportDefinition } from './report'

const hasOrder = exists(sql`(select 1 from ${orders} where ${orders.recipientId} = ${recipients.id})`)

function inState(state: string): SQL | undefined {
  if (!(LEAD_REPORT_STATES as readonly string[]).includes(state)) return sql`false`
  if (state === 'Auftrag') return hasOrder
  return and(
    sql`not ${hasOrder}`,
    state === 'Bestaetigt' ? isNotNull(recipients.confirmedAt) : isNull(recipients.confirmedAt),
  )
}

/**
 * agentur/leads: the recipients of the agency's recommendations. Contact data only of those who agreed
 * to advertising and confirmed their data by the mailed link (whoever fills in the friend's form can
 * tick the consent, only the owner of the address can confirm it); the others by name and town, enough
 * to match them with an agent's own notes.
 */
export const leadReport: ReportDefinition<LeadReportRow> = {
  sortKeys: {
    ErstelltAm: recipients.createdAt,
    Name: recipients.name,
    Plz: recipients.plz,
    Empfaengernummer: recipients.empfaengernummer,
  },
  tieBreak: recipients.id,
  where: (agencyId, filter) =>
    and(
      eq(recipients.agencyId, agencyId),
      inPeriod(recipients.createdAt, filter),
      filter.Agent ? eq(recommendations.agentNumber, filter.Agent) : undefined,
      filter.Suche ? eq(recipients.empfaengernummer, filter.Suche) : undefined,
      filter.Status ? inState(filter.Status) : undefined,
    ),
  rows: (db, where, order, limit, offset, { filter }) => {
    const page = (
      filter.Agent
        ? db
            .select({ id: recipients.id })
            .from(recipients)
            .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
        : db.select({ id: recipients.id }).from(recipients)
    )
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page')
    return db
      .select({
        recipient: recipients,
        Empfehlungsnummer: recommendations.nummer,
        ProduktName: recommendations.produktName,
        Agentennummer: recommendations.agentNumber,
        ordered: sql<boolean>`${hasOrder}`,
      })
      .from(page)
      .innerJoin(recipients, eq(recipients.id, page.id))
      .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
      .orderBy(...order)
      .then((rows) =>
        rows.map(({ recipient, ordered, ...recommendation }) => {
          const reachable = recipient.werbeeinwilligung && recipient.confirmedAt !== null
          return {
            Empfaengernummer: recipient.empfaengernummer,
            ErstelltAm: recipient.createdAt.toISOString(),
            Name: `${recipient.vorname} ${recipient.name}`.trim(),
            Plz: recipient.plz,
            Ort: recipient.ort,
            Email: reachable ? recipient.email : null,
            Telefon: reachable ? recipient.telefon : null,
            Werbeeinwilligung: recipient.werbeeinwilligung,
            ...recommendation,
            Status: ordered ? 'Auftrag' : recipient.confirmedAt ? 'Bestaetigt' : 'Unbestaetigt',
          }
        }),
      )
  },
  // Every recipient has its recommendation: the join is needed only to filter by agent number.
  count: (db, where, cap, { filter }) =>
    cappedCount(
      db,
      (filter.Agent
        ? db
            .select({ one: sql`1` })
            .from(recipients)
            .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
        : db.select({ one: sql`1` }).from(recipients)
      )
        .where(where)
        .limit(cap),
    ),
  columns: [
    { key: 'Empfaengernummer', heading: ({ t }) => t('report.columns.recipientNumber') },
    {
      key: 'ErstelltAm',
      heading: ({ t }) => t('report.columns.received'),
      value: (row, { dateTime }) => dateTime(row.ErstelltAm),
    },
    { key: 'Name', heading: ({ t }) => t('report.columns.name') },
    { key: 'Plz', heading: ({ t }) => t('report.columns.postcode') },
    { key: 'Ort', heading: ({ t }) => t('report.columns.town') },
    { key: 'Email', heading: ({ t }) => t('report.columns.email') },
    { key: 'Telefon', heading: ({ t }) => t('report.columns.phone') },
    { key: 'Werbeeinwilligung', heading: ({ t }) => t('report.columns.advertisingConsent') },
    { key: 'Empfehlungsnummer', heading: ({ t }) => t('report.columns.recommendationNumber') },
    { key: 'ProduktName', heading: ({ t }) => t('report.columns.product') },
    { key: 'Agentennummer', heading: ({ t }) => t('report.columns.agentNumber') },
    {
      key: 'Status',
      heading: ({ t }) => t('report.columns.status'),
      value: (row, { t }) => t(`report.states.${row.Status}`),
    },
  ],
}
