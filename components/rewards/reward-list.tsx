import { shownState } from './shown-state'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import type { Praemierung } from '@/lib/contracts/praemierung'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { href, type PortalContext, type Query } from '@/lib/routes/href'
import { rewardKindKey } from './reward-heading'
import styles from './rewards.module.css'
import { formatDate } from '@/lib/i18n/dates'

/**
 * PraemieWaehlen (SPEC §2.2): every reward of the referrer with its value, occasion and status; a ready
 * one offers to be picked, the others show their details.
 */
export async function RewardList({
  ctx,
  rewards,
  carried,
}: {
  ctx: PortalContext
  rewards: Praemierung[]
  carried: Query
}) {
  const t = await getTranslations('Reward')
  const ts = await getTranslations('Status')
  const format = await getFormatter()
  const date = (iso: string) => formatDate(format, iso)
  if (rewards.length === 0) return <p>{t('listEmpty')}</p>
  return (
    <ul className={styles.rewardList}>
      {rewards.map((r) => {
        const wert = formatRewardValue(r.WertCent, ctx.locale)
        const headingId = `praemie-${r.PraemieId}`
        const pickable = r.Optionen.length > 0
        return (
          <li key={r.PraemieId} className={`card ${styles.reward}`} aria-labelledby={headingId}>
            <div className="recommendation__head">
              <h3 id={headingId}>
                {t(rewardKindKey(r))}: {wert}
              </h3>
              <span className={`status-badge ${styles[`badge--${shownState(r).toLowerCase()}`] ?? ''}`}>
                {ts(`Reward.${shownState(r)}`)}
              </span>
            </div>
            <p className={styles.occasion}>
              {r.Art === 'Bonus'
                ? t('bonusOccasion', { stufe: r.BonusStufe ?? 1 })
                : r.Produkt && r.Auftragsdatum
                  ? t('occasion', { produkt: r.Produkt, datum: date(r.Auftragsdatum) })
                  : null}
            </p>
            {pickable && r.AbholbarBis && (
              <p className="hint">{t('readyUntil', { datum: date(r.AbholbarBis) })}</p>
            )}
            <Link
              className={pickable ? 'button' : 'button button--secondary'}
              href={href(ctx, 'RewardDetails', { praemieid: r.PraemieId }, carried)}
              aria-label={t(pickable ? 'pickActionLabel' : 'showActionLabel', { wert })}
            >
              {t(pickable ? 'pickAction' : 'showAction')}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
