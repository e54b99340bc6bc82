import { getFormatter } from 'next-intl/server'
import type { AgencyAgent } from '@/lib/contracts/agency'
import { getAgencyAgents } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import { first } from '@/lib/portal/guards'
import { formatDate } from '@/lib/i18n/dates'
import { INVITATION_STATES, type Invitation } from '@/lib/contracts/invitation'
import { tools, type ScreenPlace } from './report-screens'
import { ReportTable } from './report-table'
import { ActionOutcome } from './action-outcome'
import { ActiveToggle } from './active-toggle'
import styles from './agency.module.css'

/**
 * Verwaltung (every role, SPEC §6): the agency's sales agents, whose numbers attribute recommendations
 * to the agency. Adding one and deactivating or reactivating them works without script: the form and
 * the buttons post server actions that come back here with the outcome (and, when refused, the form as
 * it was filled in).
 */
export async function ManagementScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { Berater } = await getAgencyAgents(api)
  const t = await getAgencyTranslations('Agency.management')
  const tc = await getAgencyTranslations('Agency.confirm')
  const format = await getFormatter()
  const param = (name: string) => first(place.params[name]) ?? ''
  const nameOf = (agent: AgencyAgent) => `${agent.Vorname} ${agent.Nachname}`

  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <ActionOutcome
        outcome={param('ergebnis')}
        successes={{
          angelegt: t('outcome.angelegt'),
          deaktiviert: t('outcome.deaktiviert'),
          aktiviert: t('outcome.aktiviert'),
        }}
        problems={{
          nummer: t('problem.nummer'),
          name: t('problem.name'),
          plz: t('problem.plz'),
          ort: t('problem.ort'),
        }}
      />

      <h2 id="agents-title">{t('agentsTitle')}</h2>
      {Berater.length === 0 ? (
        <p className={styles.empty}>{t('none')}</p>
      ) : (
        <div className={styles.tableFrame} role="region" aria-labelledby="agents-title" tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.number')}</th>
                <th scope="col">{t('columns.place')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.since')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {Berater.map((agent) => (
                <tr key={agent.Id}>
                  <th scope="row" className={styles.rowHeading}>
                    {nameOf(agent)}
                  </th>
                  <td data-label={t('columns.number')}>{agent.ExterneId}</td>
                  <td className={styles.wraps} data-label={t('columns.place')}>
                    {[agent.Plz, agent.Ort].filter(Boolean).join(' ')}
                  </td>
                  <td data-label={t('columns.state')}>
                    <span className={styles.badge}>
                      {t(agent.Aktiv ? 'states.active' : 'states.inactive')}
                    </span>
                  </td>
                  <td data-label={t('columns.since')}>{formatDate(format, agent.AngelegtAm)}</td>
                  <td data-label={t('columns.actions')}>
                    <ActiveToggle
                      action={place.actions.setAgentActive}
                      tenantSegment={place.tenantSegment}
                      id={agent.Id}
                      active={agent.Aktiv}
                      text={t(agent.Aktiv ? 'deactivate' : 'reactivate')}
                      label={t(agent.Aktiv ? 'deactivateLabel' : 'reactivateLabel', { name: nameOf(agent) })}
                      confirm={{
                        cancel: tc('cancel'),
                        question: t('deactivateQuestion', { name: nameOf(agent) }),
                        confirm: t('deactivateConfirm'),
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <form action={place.actions.addAgent} className={styles.changeForm} aria-labelledby="agent-add">
        <h2 id="agent-add">{t('addTitle')}</h2>
        <p>{t('addLead')}</p>
        <input type="hidden" name="tenant" value={place.tenantSegment} />
        <div className={styles.formRow}>
          <div className="field">
            <label htmlFor="agent-vorname">{t('firstName')}</label>
            <input
              id="agent-vorname"
              name="vorname"
              autoComplete="off"
              required
              maxLength={60}
              defaultValue={param('vorname')}
            />
          </div>
          <div className="field">
            <label htmlFor="agent-nachname">{t('lastName')}</label>
            <input
              id="agent-nachname"
              name="nachname"
              autoComplete="off"
              required
              maxLength={60}
              defaultValue={param('nachname')}
            />
          </div>
        </div>
        <div className={styles.formRow}>
          <div className="field">
            <label htmlFor="agent-nummer">{t('number')}</label>
            <input
              id="agent-nummer"
              name="nummer"
              autoComplete="off"
              required
              maxLength={20}
              pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
              defaultValue={param('nummer')}
              aria-describedby="agent-nummer-hint"
            />
            <span id="agent-nummer-hint" className="hint">
              {t('numberHint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor="agent-plz">{t('postcode')}</label>
            <input
              id="agent-plz"
              name="plz"
              inputMode="numeric"
              autoComplete="off"
              required
              pattern="[0-9]{5}"
              maxLength={5}
              defaultValue={param('plz')}
            />
          </div>
          <div className="field">
            <label htmlFor="agent-ort">{t('town')}</label>
            <input
              id="agent-ort"
              name="ort"
              autoComplete="off"
              required
              maxLength={60}
              defaultValue={param('ort')}
            />
          </div>
        </div>
        <button type="submit" className="button">
          {t('add')}
        </button>
      </form>
      <Invitations api={api} place={place} />
    </section>
  )
}

/** The agency's invitations and what became of each (agentur/einladungen), paged like every report. */
async function Invitations({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { page, common, date } = await tools(api, place, 'einladungen')
  const t = await getAgencyTranslations('Agency.management.invitations')
  const state = (value: Invitation['Status']) => t(`states.${value}`)
  return (
    <section aria-labelledby="einladungen" className={styles.report}>
      <h2 id="einladungen">{t('title')}</h2>
      <p>{t('lead')}</p>
      <ReportTable<Invitation>
        {...common}
        page={page}
        caption={t('caption')}
        states={INVITATION_STATES.map((value) => [value, state(value)])}
        searchLabel={t('search')}
        agentLabel={t('columns.number')}
        rowKey={(row) => row.Id}
        columns={[
          {
            key: 'ErstelltAm',
            label: t('columns.created'),
            sort: 'ErstelltAm',
            render: (row) => date(row.ErstelltAm),
          },
          {
            key: 'Nachname',
            label: t('columns.name'),
            sort: 'Nachname',
            render: (row) => `${row.Vorname} ${row.Nachname}`,
          },
          { key: 'Email', label: t('columns.email'), sort: 'Email' },
          { key: 'Art', label: t('columns.art'), render: (row) => t(`art.${row.Art}`) },
          { key: 'Mitarbeiternummer', label: t('columns.number'), sort: 'Mitarbeiternummer' },
          {
            key: 'Status',
            label: t('columns.status'),
            render: (row) => <span className={styles.badge}>{state(row.Status)}</span>,
          },
        ]}
      />
    </section>
  )
}
