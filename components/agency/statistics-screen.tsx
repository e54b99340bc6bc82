import Link from 'next/link'
import { getFormatter } from 'next-intl/server'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { getAgencyStatistics, inReportTerms } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { reportRequestOf } from '@/lib/portal/agency-report-query'
import { StatisticsChart } from './statistics-chart'
import type { ScreenPlace } from './report-screens'
import { FilterField } from './filter-field'
import styles from './agency.module.css'

const MONTH = /^\d{4}-\d{2}$/

/** The overview's figures per month and in total, with their labels, in the order shown. */
const FIGURES = [
  ['Empfehlungen', 'recommendations'],
  ['Leads', 'leads'],
  ['Auftraege', 'orders'],
  ['Abgeschlossen', 'completed'],
] as const

/** The period as the month fields send it (YYYY-MM), as the report request takes it (a day). */
function monthParam(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value
  return text && MONTH.test(text) ? `${text}-01` : undefined
}

/**
 * StatistikReport: the agency's recommendations, leads and orders per month of the period (by default
 * the last six), the totals and the conversion; a bar chart for the eye and the same numbers as a table.
 */
export async function StatisticsScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const t = await getAgencyTranslations('Agency.statistics')
  const format = await getFormatter()
  const request = reportRequestOf({
    berater: place.params.berater,
    von: monthParam(place.params.von),
    bis: monthParam(place.params.bis),
  })
  const data = await inReportTerms(request, (asked) => getAgencyStatistics(api, asked))
  const monthLabel = (month: string) =>
    format.dateTime(new Date(`${month}-15T12:00:00Z`), { month: 'short', year: 'numeric' })
  const number = (n: number) => format.number(n)
  const tiles: [string, string][] = [
    ...FIGURES.map(([key, label]): [string, string] => [t(label), number(data.Summen[key])]),
    [t('conversion'), `${format.number(data.Summen.Konversion, { maximumFractionDigits: 1 })} %`],
  ]
  const period = `${monthLabel(data.Von.slice(0, 7))} – ${monthLabel(data.Bis.slice(0, 7))}`
  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead', { period })}</p>
      <form method="get" action={place.base} className={styles.filter} aria-label={t('filterLabel')}>
        <FilterField
          form="statistik"
          name="von"
          type="month"
          label={t('from')}
          defaultValue={data.Von.slice(0, 7)}
        />
        <FilterField
          form="statistik"
          name="bis"
          type="month"
          label={t('to')}
          defaultValue={data.Bis.slice(0, 7)}
        />
        <FilterField
          form="statistik"
          name="berater"
          label={t('agent')}
          defaultValue={request.Filter.Agent ?? ''}
          placeholder="SV-1001"
        />
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            {t('apply')}
          </button>
          <Link href={place.base} className="button button--secondary">
            {t('reset')}
          </Link>
        </div>
      </form>
      <ul className={styles.tiles}>
        {tiles.map(([label, value]) => (
          <li key={label} className={styles.tile}>
            <span className={styles.tileValue}>{value}</span>
            <span className={styles.tileLabel}>{label}</span>
          </li>
        ))}
      </ul>
      <figure className={styles.chart}>
        <figcaption>{t('chartCaption')}</figcaption>
        <StatisticsChart
          months={data.Monate.map((month) => ({ ...month, label: monthLabel(month.Monat) }))}
          series={[
            { key: 'Empfehlungen', label: t('recommendations'), colour: place.colours.primary },
            { key: 'Leads', label: t('leads'), colour: '#5b8def' },
            { key: 'Auftraege', label: t('orders'), colour: '#2e8b57' },
          ]}
        />
      </figure>
      <div className={styles.tableFrame} tabIndex={0} role="region" aria-label={t('tableCaption')}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('month')}</th>
              {FIGURES.map(([key, label]) => (
                <th key={key} scope="col" className={styles.numeric}>
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.Monate.map((month) => (
              <tr key={month.Monat}>
                <th scope="row">{monthLabel(month.Monat)}</th>
                {FIGURES.map(([key, label]) => (
                  <td key={key} className={styles.numeric} data-label={t(label)}>
                    {number(month[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
