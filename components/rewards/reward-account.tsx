import { getTranslations } from 'next-intl/server'
import type { PraemienKonto } from '@/lib/contracts/praemierung'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { Locale } from '@/lib/i18n/config'
import styles from './rewards.module.css'

/** The reward account balance of the personal area (SPEC §2.2): ready, paid and open rewards. */
export async function RewardAccount({ konto, locale }: { konto: PraemienKonto; locale: Locale }) {
  const t = await getTranslations('Reward')
  const money = (cents: number) => formatRewardValue(cents, locale)
  return (
    <section className={styles.account} aria-labelledby="reward-account-title">
      <h2 id="reward-account-title">{t('accountTitle')}</h2>
      <dl className={styles.accountFigures}>
        <div>
          <dt>{t('accountReady')}</dt>
          <dd>{money(konto.BereitCent)}</dd>
        </div>
        <div>
          <dt>{t('accountPaid')}</dt>
          <dd>{money(konto.AusgezahltCent)}</dd>
        </div>
        <div>
          <dt>{t('accountOpen')}</dt>
          <dd>{money(konto.OffenCent)}</dd>
        </div>
      </dl>
      {konto.OffenCent > 0 && <p className="hint">{t('accountOpenHint')}</p>}
    </section>
  )
}
