import { getFormatter, getTranslations } from 'next-intl/server'
import type { PraemierungDetails } from '@/lib/contracts/praemierung'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { Locale } from '@/lib/i18n/config'
import styles from './rewards.module.css'
import { formatDate, formatDateTime } from '@/lib/i18n/dates'
import { shownState } from './shown-state'

/**
 * PraemieDaten once there is nothing to choose: what was chosen (the voucher code, the masked account
 * or customer number), or why the reward cannot be collected, and its history.
 */
export async function RewardSummary({ reward, locale }: { reward: PraemierungDetails; locale: Locale }) {
  const t = await getTranslations('Reward')
  const ts = await getTranslations('Status')
  const format = await getFormatter()
  const dateTime = (iso: string) => formatDateTime(format, new Date(iso))
  const date = (iso: string) => formatDate(format, iso)
  // The history shows each change of status once (picking and exporting keep a reward Bereitgestellt).
  const paid = reward.Status === 'Ausgezahlt' || reward.Status === 'Abgeholt'
  // Each change of state, and the choice (which leaves the state as it is) where one was made.
  const changes: { Am: string; text: string }[] = reward.Ereignisse.filter(
    (e, i, all) => i === 0 || all[i - 1]!.Status !== e.Status,
  ).map((e) => ({ Am: e.Am, text: ts(`Reward.${e.Status}`) }))
  if (reward.Auswahl && reward.AbgeholtAm) {
    const picked = {
      Am: reward.AbgeholtAm,
      text: t('historyPicked', { auswahl: t(`choice.${reward.Auswahl}`) }),
    }
    const after = changes.findIndex((e) => e.Am > picked.Am)
    changes.splice(after < 0 ? changes.length : after, 0, picked)
  }
  const message = (() => {
    switch (reward.Status) {
      case 'Offen':
        return t('waitingForPeriod')
      case 'Storniert':
        return t('cancelled')
      case 'Abgelaufen':
        return t('expired')
      default:
        if (reward.Auswahl === 'Bargeld' && reward.Bankdaten)
          return t(paid ? 'paidBargeld' : 'pickedBargeld', { iban: reward.Bankdaten.IBAN })
        if (reward.Auswahl === 'Gutschrift' && reward.Kundennummer)
          return t(paid ? 'paidGutschrift' : 'pickedGutschrift', { kundennummer: reward.Kundennummer })
        if (reward.Auswahl === 'Gutschein' && !reward.Gutschein) return t('pickedGutscheinWaiting')
        return null
    }
  })()
  return (
    <div className="stack">
      <dl className="recommendation__facts">
        <div>
          <dt>{t('value')}</dt>
          <dd>{formatRewardValue(reward.WertCent, locale)}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>{ts(`Reward.${shownState(reward)}`)}</dd>
        </div>
        {reward.AbgeholtAm && (
          <div>
            <dt>{t('pickedOn')}</dt>
            <dd>{date(reward.AbgeholtAm)}</dd>
          </div>
        )}
        {reward.AusgezahltAm && (
          <div>
            <dt>{ts('Reward.Ausgezahlt')}</dt>
            <dd>{t('paidOn', { datum: date(reward.AusgezahltAm) })}</dd>
          </div>
        )}
      </dl>
      {message && <p className="alert alert--info">{message}</p>}
      {reward.Gutschein && (
        <div className={styles.voucher}>
          <p className={styles.voucherLabel}>{t('voucherCode')}</p>
          <p className={styles.voucherCode}>{reward.Gutschein.Code}</p>
          <p className="hint">{t('voucherProvider', { anbieter: reward.Gutschein.Anbieter })}</p>
        </div>
      )}
      {changes.length > 0 && (
        <section aria-labelledby={`verlauf-${reward.PraemieId}`}>
          <h2 id={`verlauf-${reward.PraemieId}`}>{t('historyTitle')}</h2>
          <ol className={styles.history}>
            {changes.map((e, i) => (
              <li key={`${e.Am}-${i}`}>
                <time dateTime={e.Am}>{dateTime(e.Am)}</time> – {e.text}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}
