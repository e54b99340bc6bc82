import { getFormatter } from 'next-intl/server'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import type { StaffMember } from '@/lib/contracts/agency'
import { getStaff } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { first } from '@/lib/portal/guards'
import { formatDate } from '@/lib/i18n/dates'
import type { ScreenPlace } from './report-screens'
import { ActionOutcome } from './action-outcome'
import { ActiveToggle } from './active-toggle'
import styles from './agency.module.css'

/**
 * Mitarbeiter (owner, SPEC §6): the agency's employees with their employee numbers, who added them and
 * when they last signed in; the owner adds one by e-mail address and number, and deactivates or
 * reactivates them. Works without script: the form and the buttons post server actions that come back
 * here with the outcome (and, when refused, the form as it was filled in).
 */
export async function StaffScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const { Mitarbeiter } = await getStaff(api)
  const t = await getAgencyTranslations('Agency.staff')
  const tc = await getAgencyTranslations('Agency.confirm')
  const format = await getFormatter()
  const param = (name: string) => first(place.params[name]) ?? ''
  const date = (iso: string) => formatDate(format, iso)
  const nameOf = (member: StaffMember) => member.Name || member.Email

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
        problems={{ email: t('problem.email'), nummer: t('problem.nummer'), name: t('problem.name') }}
      />

      {Mitarbeiter.length === 0 ? (
        <p className={styles.empty}>{t('none')}</p>
      ) : (
        <div className={styles.tableFrame} role="region" aria-labelledby="staff-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="staff-caption" className="visually-hidden">
              {t('caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.number')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.lastLogin')}</th>
                <th scope="col">{t('columns.added')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {Mitarbeiter.map((member) => (
                <tr key={member.Id}>
                  <th scope="row" className={styles.rowHeading}>
                    {nameOf(member)}
                    {member.Name ? <span className={styles.subline}>{member.Email}</span> : null}
                  </th>
                  <td data-label={t('columns.number')}>{member.Mitarbeiternummer ?? t('noNumber')}</td>
                  <td className={styles.wraps} data-label={t('columns.state')}>
                    <span className={styles.badge}>
                      {t(member.Aktiv ? 'states.active' : 'states.inactive')}
                    </span>
                    {!member.Aktiv && member.DeaktiviertAm ? (
                      <span className={styles.subline}>
                        {member.DeaktiviertVon
                          ? t('deactivatedBy', {
                              date: date(member.DeaktiviertAm),
                              name: member.DeaktiviertVon,
                            })
                          : t('deactivatedOn', { date: date(member.DeaktiviertAm) })}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('columns.lastLogin')}>
                    {member.LetzteAnmeldung ? date(member.LetzteAnmeldung) : t('neverSignedIn')}
                  </td>
                  <td className={styles.wraps} data-label={t('columns.added')}>
                    {member.BeiAnmeldung
                      ? t('addedAtSignIn', { date: date(member.AngelegtAm) })
                      : member.AngelegtVon
                        ? t('addedBy', { date: date(member.AngelegtAm), name: member.AngelegtVon })
                        : date(member.AngelegtAm)}
                  </td>
                  <td data-label={t('columns.actions')}>
                    <ActiveToggle
                      action={place.actions.setStaffActive}
                      tenantSegment={place.tenantSegment}
                      id={member.Id}
                      active={member.Aktiv}
                      text={t(member.Aktiv ? 'deactivate' : 'reactivate')}
                      label={t(member.Aktiv ? 'deactivateLabel' : 'reactivateLabel', {
                        name: nameOf(member),
                      })}
                      confirm={{
                        cancel: tc('cancel'),
                        question: t('deactivateQuestion', { name: nameOf(member) }),
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

      <form action={place.actions.addStaffMember} className={styles.changeForm} aria-labelledby="staff-add">
        <h2 id="staff-add">{t('addTitle')}</h2>
        <p>{t('addLead')}</p>
        <input type="hidden" name="tenant" value={place.tenantSegment} />
        <div className={styles.formRow}>
          <div className="field">
            <label htmlFor="staff-email">{t('email')}</label>
            <input
              id="staff-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={param('email')}
            />
          </div>
          <div className="field">
            <label htmlFor="staff-nummer">{t('number')}</label>
            <input
              id="staff-nummer"
              name="nummer"
              autoComplete="off"
              required
              maxLength={20}
              pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
              defaultValue={param('nummer')}
              aria-describedby="staff-nummer-hint"
            />
            <span id="staff-nummer-hint" className="hint">
              {t('numberHint')}
            </span>
          </div>
        </div>
        <div className="field">
          <label htmlFor="staff-name">{t('name')}</label>
          <input
            id="staff-name"
            name="name"
            autoComplete="off"
            maxLength={100}
            defaultValue={param('name')}
            aria-describedby="staff-name-hint"
          />
          <span id="staff-name-hint" className="hint">
            {t('nameHint')}
          </span>
        </div>
        <button type="submit" className="button">
          {t('add')}
        </button>
      </form>
    </section>
  )
}
