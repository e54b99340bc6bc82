import { getFormatter } from 'next-intl/server'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import type { RewardPlan, RewardPlans } from '@/lib/contracts/agency'
import { getRewardPlans } from '@/lib/portal/main-api/agency'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { formatDate } from '@/lib/i18n/dates'
import { formatEuro } from '@/lib/i18n/money'
import { pageOfPair } from '@/lib/shared/catalog/reward-overview'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { ScreenPlace } from './report-screens'
import { ActionOutcome } from './action-outcome'
import { ConfirmAction } from './confirm-action'
import styles from './agency.module.css'

/**
 * Praemienplan: the reward the agency grants per product or category and period. Everyone of the
 * agency sees the plans; owners (active and inactive) add and delete them (SPEC §6), the server
 * deciding. Works without script: the form and the delete buttons post server actions that come back
 * here with the outcome (and, when refused, the form as it was filled in).
 */
export async function RewardPlanScreen({ api, place }: { api: AuthContext; place: ScreenPlace }) {
  const data = await getRewardPlans(api)
  const t = await getAgencyTranslations('Agency.rewardPlan')
  const tc = await getAgencyTranslations('Agency.confirm')
  const tp = await getAgencyTranslations('CategoryPages')
  const format = await getFormatter()
  const one = (name: string) => {
    const value = place.params[name]
    return (Array.isArray(value) ? value[0] : value) ?? ''
  }
  const outcome = one('ergebnis')
  const euro = (cents: number) => formatEuro(format, cents)
  const date = (iso: string) => formatDate(format, iso)
  const categoryName = (quelle: string, kategorie: string) => {
    const page = pageOfPair(quelle, kategorie)
    return page ? tp(`${page.key}.title` as 'internet.title') : `${quelle} / ${kategorie}`
  }
  const targetName = (plan: RewardPlan) =>
    plan.Ziel.Art === 'Produkt'
      ? plan.Ziel.Name
      : t('categoryTarget', { name: categoryName(plan.Ziel.Quelle, plan.Ziel.Kategorie) })
  const period = (plan: RewardPlan) =>
    plan.Enddatum
      ? t('period', { from: date(plan.Startdatum), to: date(plan.Enddatum) })
      : t('periodOpen', { from: date(plan.Startdatum) })

  return (
    <section aria-labelledby="agency-view-title" className={styles.report}>
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <ActionOutcome
        outcome={outcome}
        successes={{ angelegt: t('outcome.angelegt'), geloescht: t('outcome.geloescht') }}
        problems={{ ziel: t('problem.ziel'), wert: t('problem.wert'), datum: t('problem.datum') }}
      />

      {data.Plaene.length === 0 ? (
        <p className={styles.empty}>{t('none')}</p>
      ) : (
        <div className={styles.tableFrame} role="region" aria-labelledby="reward-plans-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="reward-plans-caption" className="visually-hidden">
              {t('caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.target')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('columns.reward')}
                </th>
                <th scope="col">{t('columns.period')}</th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.createdBy')}</th>
                {data.Bearbeitbar ? <th scope="col">{t('columns.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.Plaene.map((plan) => (
                <tr key={plan.Id}>
                  <th scope="row" className={styles.rowHeading}>
                    {targetName(plan)}
                  </th>
                  <td className={styles.numeric} data-label={t('columns.reward')}>
                    {euro(plan.WertCent)}
                  </td>
                  <td className={styles.wraps} data-label={t('columns.period')}>
                    {period(plan)}
                  </td>
                  <td data-label={t('columns.state')}>
                    <span className={styles.badge}>{t(`states.${plan.Status}`)}</span>
                  </td>
                  <td className={styles.wraps} data-label={t('columns.createdBy')}>
                    {plan.ErstelltVon || '–'}
                  </td>
                  {data.Bearbeitbar ? (
                    <td data-label={t('columns.actions')}>
                      {plan.Status === 'Beendet' ? null : (
                        <ConfirmAction
                          action={place.actions.deleteRewardPlan}
                          fields={{ tenant: place.tenantSegment, plan: plan.Id }}
                          texts={{
                            trigger: t('delete'),
                            triggerLabel: t('deleteLabel', {
                              target: targetName(plan),
                              period: period(plan),
                            }),
                            cancel: tc('cancel'),
                            question: t('deleteQuestion', { target: targetName(plan), period: period(plan) }),
                            confirm: t('deleteConfirm'),
                          }}
                        />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data.Bearbeitbar ? (
        <AddPlanForm
          data={data}
          place={place}
          categoryName={categoryName}
          values={{ ziel: one('ziel'), wert: one('wert'), von: one('von'), bis: one('bis') }}
        />
      ) : (
        <p className={styles.note}>{t('ownersOnly')}</p>
      )}
    </section>
  )
}

async function AddPlanForm(props: {
  data: RewardPlans
  place: ScreenPlace
  categoryName: (quelle: string, kategorie: string) => string
  values: { ziel: string; wert: string; von: string; bis: string }
}) {
  const { data, place, categoryName, values } = props
  const t = await getAgencyTranslations('Agency.rewardPlan')
  const today = germanToday()
  return (
    <form
      action={place.actions.addRewardPlan}
      className={styles.changeForm}
      aria-labelledby="reward-plan-add"
    >
      <h2 id="reward-plan-add">{t('addTitle')}</h2>
      <p>{t('addLead')}</p>
      <input type="hidden" name="tenant" value={place.tenantSegment} />
      <div className="field">
        <label htmlFor="plan-ziel">{t('target')}</label>
        <select id="plan-ziel" name="ziel" required defaultValue={values.ziel}>
          <option value="">{t('chooseTarget')}</option>
          <optgroup label={t('categories')}>
            {data.Ziele.Kategorien.map((c) => (
              <option key={`${c.Quelle}/${c.Kategorie}`} value={`k:${c.Quelle}/${c.Kategorie}`}>
                {t('categoryTarget', { name: categoryName(c.Quelle, c.Kategorie) })}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('products')}>
            {data.Ziele.Produkte.map((p) => (
              <option key={p.Id} value={`p:${p.Id}`}>
                {p.Name}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="field">
        <label htmlFor="plan-wert">{t('reward')}</label>
        <input
          id="plan-wert"
          name="wert"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={values.wert}
          aria-describedby="plan-wert-hint"
        />
        <span id="plan-wert-hint" className="hint">
          {t('rewardHint')}
        </span>
      </div>
      <div className={styles.formRow}>
        <div className="field">
          <label htmlFor="plan-von">{t('from')}</label>
          <input
            id="plan-von"
            name="von"
            type="date"
            required
            min={today}
            defaultValue={values.von || today}
          />
        </div>
        <div className="field">
          <label htmlFor="plan-bis">{t('to')}</label>
          <input
            id="plan-bis"
            name="bis"
            type="date"
            min={today}
            defaultValue={values.bis}
            aria-describedby="plan-bis-hint"
          />
          <span id="plan-bis-hint" className="hint">
            {t('toHint')}
          </span>
        </div>
      </div>
      <button type="submit" className="button">
        {t('add')}
      </button>
    </form>
  )
}
