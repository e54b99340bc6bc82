import { useTranslations } from 'next-intl'
import type { PraemienKonto } from '@/lib/contracts/praemierung'
import type { Recommendation } from '@/lib/contracts/recommendation'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { Locale } from '@/lib/i18n/config'
import { expectedRewards } from './expected-rewards'
import styles from './rewards.module.css'

/**
 * The reward account balance of the personal area (SPEC §2.2): ready, chosen (payout follows) and paid
 * rewards, and what is
 * expected from the recommendations under way (open rewards and the referrer's part of the others).
 */
export function RewardAccount({
  konto,
  recommendations,
  locale,
}: {
  konto: PraemienKonto
  recommendations: Recommendation[]
  locale: Locale
}) {
  const t = useTranslations('Reward')
  const money = (cents: number) => formatRewardValue(cents, locale)
  const expected = expectedRewards(konto, recommendations)
  return (
    <section className={styles.account} aria-labelledby="reward-account-title">
      <h2 id="reward-account-title">{t('accountTitle')}</h2>
      <dl
        className={`${styles.accountFigures} ${konto.InAuszahlungCent > 0 ? styles.accountFiguresFour : ''}`}
      >
        <div>
          <dt>{t('accountReady')}</dt>
          <dd>{money(konto.BereitCent)}</dd>
        </div>
        {konto.InAuszahlungCent > 0 && (
          <div>
            <dt>{t('accountPicked')}</dt>
            <dd>{money(konto.InAuszahlungCent)}</dd>
          </div>
        )}
        <div>
          <dt>{t('accountOpen')}</dt>
          <dd>{money(expected.cents)}</dd>
        </div>
        <div>
          <dt>{t('accountPaid')}</dt>
          <dd>{money(konto.AusgezahltCent)}</dd>
        </div>
      </dl>
      {expected.cents > 0 && <p className="hint">{t('accountOpenHint', { count: expected.count })}</p>}
    </section>
  )
}
