import Link from 'next/link'
import { getFormatter } from 'next-intl/server'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { statementMonthSchema, type Statement } from '@/lib/contracts/agency'
import { getStatement, getStatements } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { formatDate } from '@/lib/i18n/dates'
import { formatEuro } from '@/lib/i18n/money'
import type { ScreenPlace } from './report-screens'
import styles from './agency.module.css'

/**
 * Rechnungen: the agency's monthly commission statements — per month the released orders and their
 * commission, each month as PDF and CSV, and a chosen month's orders line by line.
 */
export async function StatementsScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const asked = Array.isArray(place.params.monat) ? place.params.monat[0] : place.params.monat
  const chosen = statementMonthSchema.safeParse(asked).success ? asked! : null
  const [list, statement] = await Promise.all([
    getStatements(api),
    chosen ? getStatement(api, chosen) : Promise.resolve(null),
  ])
  const t = await getAgencyTranslations('Agency.statements')
  const format = await getFormatter()
  const euro = (cents: number) => formatEuro(format, cents)
  const monthName = (month: string) =>
    format.dateTime(new Date(`${month}-15T12:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const file = (month: string, kind: 'pdf' | 'csv') =>
    `/api/agency-statement/${encodeURIComponent(place.tenantSegment)}/${month}/${kind}`
  const downloads = (month: string) => (
    <span className={styles.downloads}>
      <a href={file(month, 'pdf')} download aria-label={t('pdfLabel', { month: monthName(month) })}>
        PDF
      </a>
      <a href={file(month, 'csv')} download aria-label={t('csvLabel', { month: monthName(month) })}>
        CSV
      </a>
    </span>
  )

  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <div className={styles.tableFrame} role="region" aria-labelledby="statements-caption" tabIndex={0}>
        <table className={styles.table}>
          <caption id="statements-caption" className="visually-hidden">
            {t('caption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.month')}</th>
              <th scope="col" className={styles.numeric}>
                {t('columns.commission')}
              </th>
              <th scope="col">{t('columns.files')}</th>
            </tr>
          </thead>
          <tbody>
            {list.Monate.map((month) => (
              <tr key={month.Monat}>
                <th scope="row" className={styles.rowHeading}>
                  <Link
                    href={`${place.base}?monat=${month.Monat}#statement`}
                    aria-current={month.Monat === chosen ? 'true' : undefined}
                  >
                    {monthName(month.Monat)}
                  </Link>
                  {month.Laufend ? <span className={styles.badge}>{t('running')}</span> : null}
                  <span className={styles.subline}> {t('orders', { count: month.Auftraege })}</span>
                </th>
                <td className={styles.numeric} data-label={t('columns.commission')}>
                  {euro(month.SummeCent)}
                </td>
                <td data-label={t('columns.files')}>{downloads(month.Monat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {statement ? <StatementDetails statement={statement} monthName={monthName(statement.Monat)} /> : null}
    </section>
  )
}

async function StatementDetails({ statement, monthName }: { statement: Statement; monthName: string }) {
  const t = await getAgencyTranslations('Agency.statements')
  const format = await getFormatter()
  const euro = (cents: number) => formatEuro(format, cents)
  const date = (iso: string) => formatDate(format, iso)
  return (
    <section id="statement" aria-labelledby="statement-title" className={styles.statement}>
      <h2 id="statement-title">{t('detailTitle', { month: monthName })}</h2>
      <p className={styles.sum}>
        {t('sum', { sum: euro(statement.SummeCent), count: statement.Positionen.length })}
      </p>
      {statement.Laufend ? <p>{t('provisional')}</p> : null}
      {statement.Positionen.length === 0 ? (
        <p className={styles.empty}>{t('none')}</p>
      ) : (
        <div className={styles.tableFrame} role="region" aria-labelledby="statement-title" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('columns.order')}</th>
                <th scope="col">{t('columns.recommendation')}</th>
                <th scope="col">{t('columns.product')}</th>
                <th scope="col">{t('columns.orderDate')}</th>
                <th scope="col">{t('columns.released')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('columns.commission')}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.Positionen.map((line) => (
                <tr key={line.Auftragsnummer}>
                  <td data-label={t('columns.order')}>{line.Auftragsnummer}</td>
                  <td data-label={t('columns.recommendation')}>{line.Empfehlungsnummer}</td>
                  <td className={styles.wraps} data-label={t('columns.product')}>
                    {line.Produkt}
                  </td>
                  <td data-label={t('columns.orderDate')}>{date(line.Auftragsdatum)}</td>
                  <td data-label={t('columns.released')}>{date(line.FreigegebenAm)}</td>
                  <td className={styles.numeric} data-label={t('columns.commission')}>
                    {euro(line.ProvisionCent)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5}>
                  {t('total')}
                </th>
                <td className={styles.numeric}>
                  <strong>{euro(statement.SummeCent)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  )
}
