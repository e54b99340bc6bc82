import type { ReactNode } from 'react'
import Link from 'next/link'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { reportQuery, type SearchParams } from '@/lib/portal/agency-report-query'
import type { ReportPage, ReportRequest } from '@/lib/contracts/agency'
import { FilterField } from './filter-field'
import styles from './agency.module.css'

export type ReportTableColumn<Row> = {
  key: keyof Row & string
  label: string
  /** The report's sort key for this column, where the server sorts by it. */
  sort?: string
  render?: (row: Row) => ReactNode
  numeric?: boolean
  /** A text of words (a name, a product) that wraps onto lines, so the table fits a desktop's width. */
  wraps?: boolean
}

type Props<Row> = {
  caption: string
  columns: ReportTableColumn<Row>[]
  page: ReportPage<Row>
  request: ReportRequest
  params: SearchParams
  /** The screen's address without query. */
  base: string
  /** The CSV download of the same filter and order. */
  csvHref: string
  /** The states the Status filter offers, with their labels (none: no status filter). */
  states?: [string, string][]
  rowKey: (row: Row) => string
  /** Besides the period and status: filter by agent number, and what the search field finds. */
  searchLabel: string
  /** The number the agent filter narrows by, where it is not the agent's (default: Beraternummer). */
  agentLabel?: string
}

/**
 * One agency report as the server pages, sorts and filters it: a GET form for the filter, a table with
 * sortable headings (links, aria-sort), the count, paging links and the CSV download of the same
 * selection. Works without script; on a phone each row is a card, its cells under their columns' names.
 */
export async function ReportTable<Row>(props: Props<Row>) {
  const { caption, columns, page, request, params, base, csvHref, states, rowKey, searchLabel } = props
  const t = await getAgencyTranslations('Agency.report')
  const sortKey = request.OrderBy
  const filter = request.Filter
  const sortHref = (key: string) =>
    `${base}${reportQuery(params, {
      sortierung: key,
      aufsteigend: sortKey === key && request.Descending ? '1' : undefined,
      seite: undefined,
    })}`
  const pageHref = (n: number) => `${base}${reportQuery(params, { seite: n > 1 ? String(n) : undefined })}`
  const count = page.TotalCountCapped
    ? t('countCapped', { count: page.TotalCount })
    : t('count', { count: page.TotalCount })
  const liste = Array.isArray(params.liste) ? params.liste[0] : params.liste
  const active = Object.values(filter).filter(Boolean).length
  // Days compare as text (YYYY-MM-DD): a period from after its end leaves nothing, and says why.
  const reversed = Boolean(filter.Von && filter.Bis && filter.Von > filter.Bis)
  return (
    <div className={styles.report}>
      <details className={styles.filterBox} open={active > 0}>
        <summary>{active > 0 ? t('filterActive', { count: active }) : t('filterLabel')}</summary>
        <form method="get" action={base} className={styles.filter} aria-label={t('filterLabel')}>
          {liste ? <input type="hidden" name="liste" value={liste} /> : null}
          <FilterField
            form="report"
            name="von"
            type="date"
            label={t('from')}
            defaultValue={filter.Von ?? ''}
            problem={reversed ? 'report-period-reversed' : undefined}
          />
          <FilterField
            form="report"
            name="bis"
            type="date"
            label={t('to')}
            defaultValue={filter.Bis ?? ''}
            problem={reversed ? 'report-period-reversed' : undefined}
          />
          <FilterField
            form="report"
            name="berater"
            label={props.agentLabel ?? t('agent')}
            defaultValue={filter.Agent ?? ''}
            placeholder={props.agentLabel ? undefined : 'SV-1001'}
          />
          {states ? (
            <div className="field">
              <label htmlFor="report-status">{t('status')}</label>
              <select id="report-status" name="status" defaultValue={filter.Status ?? ''}>
                <option value="">{t('allStates')}</option>
                {states.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <FilterField form="report" name="suche" label={searchLabel} defaultValue={filter.Suche ?? ''} />
          <div className={styles.filterActions}>
            <button type="submit" className="button">
              {t('apply')}
            </button>
            <Link
              href={`${base}${liste ? `?liste=${encodeURIComponent(liste)}` : ''}`}
              className="button button--secondary"
            >
              {t('reset')}
            </Link>
          </div>
        </form>
      </details>
      {reversed ? (
        <p id="report-period-reversed" className="alert alert--error" role="alert">
          {t('periodReversed')}
        </p>
      ) : null}
      <div className={styles.reportBar}>
        <p role="status" className={styles.count}>
          {count}
        </p>
        {/* Nothing to download in an empty list: the file would hold the headings only. */}
        {page.Content.length > 0 ? (
          <a href={csvHref} download className="button button--secondary">
            {t('csv')}
          </a>
        ) : null}
      </div>
      {page.Content.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.tableFrame} tabIndex={0} role="region" aria-label={caption}>
          <table className={styles.table}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const sorted = column.sort && sortKey === column.sort
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.numeric ? styles.numeric : undefined}
                      aria-sort={sorted ? (request.Descending ? 'descending' : 'ascending') : undefined}
                    >
                      {column.sort ? (
                        <Link href={sortHref(column.sort)} className={styles.sortLink}>
                          {column.label}
                          <span aria-hidden="true">
                            {sorted ? (request.Descending ? '\u00a0▼' : '\u00a0▲') : '\u00a0↕'}
                          </span>
                          <span className="visually-hidden">{t('sortBy')}</span>
                        </Link>
                      ) : (
                        column.label
                      )}
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {page.Content.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={column.numeric ? styles.numeric : column.wraps ? styles.wraps : undefined}
                      data-label={column.label}
                    >
                      {column.render ? column.render(row) : String(row[column.key] ?? '–')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.PageCount > 1 || page.HasNext ? (
        <nav className={styles.paging} aria-label={t('pagingLabel')}>
          {page.Pagenumber > 1 ? (
            <Link href={pageHref(page.Pagenumber - 1)} rel="prev">
              {t('previous')}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span>{t('pageOf', { page: page.Pagenumber, pages: page.PageCount })}</span>
          {page.HasNext ? (
            <Link href={pageHref(page.Pagenumber + 1)} rel="next">
              {t('next')}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
    </div>
  )
}
