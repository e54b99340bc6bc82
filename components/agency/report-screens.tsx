import Link from 'next/link'
import { getFormatter } from 'next-intl/server'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { getAgencyReport, inReportTerms, type AgencyReportName } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { reportQuery, reportRequestOf, type SearchParams } from '@/lib/portal/agency-report-query'
import {
  LEAD_REPORT_STATES,
  ORDER_REPORT_STATES,
  RECOMMENDATION_REPORT_STATES,
  type LeadReportRow,
  type RewardReportRow,
  type AgencyOrderRow,
  type RecommendationReportRow,
  type ReferrerReportRow,
} from '@/lib/contracts/agency'
import { REWARD_STATES } from '@/lib/contracts/praemierung'
import { formatDate } from '@/lib/i18n/dates'
import { formatEuro } from '@/lib/i18n/money'
import type { BrandColours } from '@/lib/shared/tenants/brand-colours'
import { ReportTable } from './report-table'
import { ConfirmAction } from './confirm-action'
import type { InvitationFormProps } from './invitation-form'
import type { CaptchaReload } from '@/lib/portal/form-state'
import styles from './agency.module.css'

/** Where a report screen is and what its address asks for. */
export type ScreenPlace = {
  params: SearchParams
  base: string
  exportBase: string
  /** The tenant's brand colours, for what is drawn (charts). */
  colours: BrandColours
  /** The tenant as the portal's forms name it (segmentOf). */
  tenantSegment: string
  /** The screens' server actions, passed in by the page. */
  actions: Record<
    | 'releaseOrder'
    | 'addRewardPlan'
    | 'deleteRewardPlan'
    | 'addStaffMember'
    | 'setStaffActive'
    | 'addAgent'
    | 'setAgentActive',
    (formData: FormData) => Promise<void>
  >
  /** Einladungstool's form action (answers the form's state) and its captcha reload. */
  invite: InvitationFormProps['action']
  reloadCaptcha: CaptchaReload
  /** Verwaltung, where the agency's invitations are listed. */
  managementHref: string
}

const REFERRER_LISTS = ['empfehler', 'empfehlungen', 'leads'] as const
type ReferrerList = (typeof REFERRER_LISTS)[number]

/** EmpfehlerReport: the agency's referrers, their recommendations and the leads, each a list. */
export async function ReferrerReportScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const t = await getAgencyTranslations('Agency.report')
  const asked = Array.isArray(place.params.liste) ? place.params.liste[0] : place.params.liste
  const list: ReferrerList = REFERRER_LISTS.find((name) => name === asked) ?? 'empfehler'
  // Read here, before the screen is returned, so a refused token reaches the page (SPEC §7.9).
  const table = await (list === 'empfehler' ? Referrers : list === 'empfehlungen' ? Recommendations : Leads)({
    api,
    place,
  })
  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t(`titles.${list}`)}</h1>
      <p className="lead">{t(`leads.${list}`)}</p>
      <nav aria-label={t('listsLabel')}>
        <ul className={styles.subTabs}>
          {REFERRER_LISTS.map((name) => (
            <li key={name}>
              <Link
                href={`${place.base}${name === 'empfehler' ? '' : `?liste=${name}`}`}
                className={styles.subTab}
                aria-current={name === list ? 'page' : undefined}
              >
                {t(`lists.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {table}
    </section>
  )
}

/** AuftragsReport: the orders reported for the agency's recommendations. */
export async function OrderReportScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const t = await getAgencyTranslations('Agency.report')
  const errors = await getAgencyTranslations('Errors')
  const table = await Orders({ api, place })
  const one = (name: string) => {
    const value = place.params[name]
    return Array.isArray(value) ? value[0] : value
  }
  const outcome = one('freigabe')
  const auftrag = one('auftrag') ?? ''
  const known = (code: string): code is Parameters<typeof errors>[0] => errors.has(code as 'Default')
  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('titles.auftraege')}</h1>
      <p className="lead">{t('leads.auftraege')}</p>
      {outcome === 'ok' || outcome === 'teilweise' ? (
        <p className="alert alert--success" role="status">
          {outcome === 'ok' ? t('released', { auftrag }) : t('releasedPartly', { auftrag })}
        </p>
      ) : outcome ? (
        <p className="alert alert--error" role="alert">
          {errors(known(outcome) ? outcome : 'Default')}
        </p>
      ) : null}
      {table}
    </section>
  )
}

/** What a report screen needs for one report: its page, the table's common props and formatters. */
export async function tools<K extends AgencyReportName>(api: AuthContext, place: ScreenPlace, name: K) {
  const t = await getAgencyTranslations('Agency.report')
  const format = await getFormatter()
  const request = reportRequestOf(place.params)
  const page = await inReportTerms(request, (asked) => getAgencyReport(api, name, asked))
  const common = {
    request,
    params: place.params,
    base: place.base,
    csvHref: `${place.exportBase}/${name}${reportQuery(place.params, { seite: undefined, liste: undefined })}`,
  }
  const date = (iso: string) => formatDate(format, iso)
  const euro = (cents: number | null) => (cents === null ? '–' : formatEuro(format, cents))
  const state = (value: string) => t(`states.${value}` as 'states.Offen')
  const badge = (value: string) => <span className={styles.badge}>{state(value)}</span>
  const states = (list: readonly string[]): [string, string][] => list.map((value) => [value, state(value)])
  return { t, page, common, date, euro, badge, states }
}

async function Referrers({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { t, page, common, date } = await tools(api, place, 'empfehler')
  return (
    <ReportTable<ReferrerReportRow>
      {...common}
      page={page}
      caption={t('titles.empfehler')}
      searchLabel={t('searchEmail')}
      rowKey={(row) => row.Email}
      columns={[
        { key: 'Name', label: t('columns.name'), sort: 'Name', wraps: true },
        { key: 'Email', label: t('columns.email'), wraps: true },
        { key: 'Empfehlungen', label: t('columns.recommendations'), sort: 'Empfehlungen', numeric: true },
        { key: 'Leads', label: t('columns.leads'), sort: 'Leads', numeric: true },
        { key: 'Auftraege', label: t('columns.orders'), sort: 'Auftraege', numeric: true },
        {
          key: 'LetzteEmpfehlung',
          label: t('columns.lastRecommendation'),
          sort: 'LetzteEmpfehlung',
          render: (row) => date(row.LetzteEmpfehlung),
        },
      ]}
    />
  )
}

async function Recommendations({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { t, page, common, date, euro, badge, states } = await tools(api, place, 'empfehlungen')
  return (
    <ReportTable<RecommendationReportRow>
      {...common}
      page={page}
      caption={t('titles.empfehlungen')}
      states={states(RECOMMENDATION_REPORT_STATES)}
      searchLabel={t('searchRecommendation')}
      rowKey={(row) => row.Empfehlungsnummer}
      columns={[
        {
          key: 'ErstelltAm',
          label: t('columns.created'),
          sort: 'ErstelltAm',
          render: (row) => date(row.ErstelltAm),
        },
        { key: 'Empfehlungsnummer', label: t('columns.recommendationNumber'), sort: 'Empfehlungsnummer' },
        { key: 'ProduktName', label: t('columns.product'), sort: 'ProduktName', wraps: true },
        {
          key: 'Agentennummer',
          label: t('columns.agent'),
          sort: 'Agentennummer',
          wraps: true,
          render: (row) =>
            [row.AgentName, row.Agentennummer && `(${row.Agentennummer})`].filter(Boolean).join(' ') || '–',
        },
        {
          key: 'EmpfehlerName',
          label: t('columns.referrer'),
          render: (row) => row.EmpfehlerName ?? '–',
          wraps: true,
        },
        {
          key: 'PraemieWertCent',
          label: t('columns.reward'),
          numeric: true,
          render: (row) => euro(row.PraemieWertCent),
        },
        {
          key: 'Status',
          label: t('columns.status'),
          render: (row) => badge(row.Status),
        },
      ]}
    />
  )
}

async function Leads({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { t, page, common, date, badge, states } = await tools(api, place, 'leads')
  return (
    <ReportTable<LeadReportRow>
      {...common}
      page={page}
      caption={t('titles.leads')}
      states={states(LEAD_REPORT_STATES)}
      searchLabel={t('searchRecipient')}
      rowKey={(row) => row.Empfaengernummer}
      columns={[
        {
          key: 'ErstelltAm',
          label: t('columns.received'),
          sort: 'ErstelltAm',
          render: (row) => date(row.ErstelltAm),
        },
        { key: 'Name', label: t('columns.name'), sort: 'Name', wraps: true },
        {
          key: 'Plz',
          label: t('columns.town'),
          sort: 'Plz',
          wraps: true,
          render: (row) => `${row.Plz} ${row.Ort}`.trim(),
        },
        {
          key: 'Email',
          label: t('columns.contact'),
          wraps: true,
          render: (row) =>
            row.Werbeeinwilligung ? [row.Email, row.Telefon].filter(Boolean).join(', ') : t('noConsent'),
        },
        { key: 'ProduktName', label: t('columns.product'), wraps: true },
        { key: 'Agentennummer', label: t('columns.agentNumber'), render: (row) => row.Agentennummer ?? '–' },
        {
          key: 'Status',
          label: t('columns.status'),
          render: (row) => badge(row.Status),
        },
      ]}
    />
  )
}

async function Orders({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { t, page, common, date, badge, states } = await tools(api, place, 'auftraege')
  const tc = await getAgencyTranslations('Agency.confirm')
  const releaseText = (row: AgencyOrderRow) => {
    const who = row.Freigaben.map((release) =>
      t('releasedBy', { name: release.Name, date: date(release.Am) }),
    )
    switch (row.Freigabe) {
      case 'Freigegeben':
        return [t('releaseStates.Freigegeben'), ...who].join(' · ')
      case 'Teilweise':
        return [t('releaseOfTwo', { given: row.Freigaben.length }), ...who].join(' · ')
      case 'Offen':
        return row.FreigabenNoetig === 2 ? t('releaseFourEyes') : t('releaseStates.Offen')
      case 'Entfaellt':
        return '–'
    }
  }
  return (
    <ReportTable<AgencyOrderRow>
      {...common}
      page={page}
      caption={t('titles.auftraege')}
      states={[...states(ORDER_REPORT_STATES), ['FreigabeOffen', t('releaseStates.FreigabeOffen')]]}
      searchLabel={t('searchOrder')}
      rowKey={(row) => row.Auftragsnummer}
      columns={[
        {
          key: 'Auftragsdatum',
          label: t('columns.orderDate'),
          sort: 'Auftragsdatum',
          render: (row) => date(row.Auftragsdatum),
        },
        { key: 'Auftragsnummer', label: t('columns.orderNumber'), sort: 'Auftragsnummer' },
        { key: 'ProduktName', label: t('columns.product'), sort: 'ProduktName', wraps: true },
        {
          key: 'Empfaengername',
          label: t('columns.customer'),
          render: (row) => row.Empfaengername ?? '–',
          wraps: true,
        },
        { key: 'Agentennummer', label: t('columns.agentNumber'), render: (row) => row.Agentennummer ?? '–' },
        {
          key: 'Status',
          label: t('columns.status'),
          sort: 'Status',
          render: (row) => badge(row.Status),
        },
        {
          key: 'Freigabe',
          label: t('columns.release'),
          render: (row) => (
            <div className={styles.release}>
              <span>{releaseText(row)}</span>
              {row.Freigebbar ? (
                <ConfirmAction
                  action={place.actions.releaseOrder}
                  fields={{
                    tenant: place.tenantSegment,
                    auftrag: row.Auftragsnummer,
                    empfehlung: row.Empfehlungsnummer,
                    zurueck: reportQuery(place.params).slice(1),
                  }}
                  variant="primary"
                  texts={{
                    trigger: t('release'),
                    triggerLabel: `${t('release')} ${t('releaseOrder', { auftrag: row.Auftragsnummer })}`,
                    cancel: tc('cancel'),
                    question: t('releaseQuestion', { auftrag: row.Auftragsnummer }),
                    confirm: t('releaseConfirm'),
                  }}
                />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  )
}

/** Praemien: the rewards earned by the agency's recommendations, for referrers and friends. */
export async function RewardReportScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { t, page, common, date, euro } = await tools(api, place, 'praemien')
  const state = (value: string) => t(`rewardStates.${value}` as 'rewardStates.Offen')
  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('titles.praemien')}</h1>
      <p className="lead">{t('leads.praemien')}</p>
      <ReportTable<RewardReportRow>
        {...common}
        page={page}
        caption={t('titles.praemien')}
        states={REWARD_STATES.map((value) => [value, state(value)])}
        searchLabel={t('searchReward')}
        rowKey={(row) => row.Praemiennummer}
        columns={[
          {
            key: 'ErstelltAm',
            label: t('columns.rewardCreated'),
            sort: 'ErstelltAm',
            render: (row) => date(row.ErstelltAm),
          },
          {
            key: 'WertCent',
            label: t('columns.reward'),
            sort: 'WertCent',
            numeric: true,
            render: (row) => euro(row.WertCent),
          },
          {
            key: 'Status',
            label: t('columns.status'),
            sort: 'Status',
            render: (row) => <span className={styles.badge}>{state(row.Status)}</span>,
          },
          { key: 'Empfehlungsnummer', label: t('columns.recommendationNumber') },
          { key: 'ProduktName', label: t('columns.product'), wraps: true },
          {
            key: 'Beguenstigter',
            label: t('columns.beneficiary'),
            wraps: true,
            render: (row) => t(`beneficiaries.${row.Beguenstigter}`),
          },
          {
            key: 'Agentennummer',
            label: t('columns.agentNumber'),
            render: (row) => row.Agentennummer ?? '–',
          },
          { key: 'Praemiennummer', label: t('columns.rewardNumber'), sort: 'Praemiennummer' },
        ]}
      />
    </section>
  )
}
