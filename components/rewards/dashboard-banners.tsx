import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { Praemierung } from '@/lib/contracts/praemierung'
import type { Recommendation } from '@/lib/contracts/recommendation'
import { href, pathHref, type PortalContext, type Query } from '@/lib/routes/href'
import styles from './rewards.module.css'

/**
 * The banners of the personal area: rewards ready to pick up, bank data missing for a transfer, and
 * BannerTEZuTP (friends ordered internet and telephone: recommend TV next).
 */
export function DashboardBanners(props: {
  ctx: PortalContext
  carried: Query
  recommendations: Recommendation[]
  rewards: Praemierung[]
  storingBankData: boolean
  teZuTp: boolean
  mandant: string
}) {
  const t = useTranslations('DashboardBanner')
  const { ctx, carried } = props
  const pickable = props.rewards.filter((r) => r.Optionen.length > 0)
  const bankFirst = props.recommendations.find((r) => r.Statusleiste?.Text === 'bankdatenEingeben')
  const banners: { key: string; text: string; action: string; target: string }[] = []
  if (bankFirst?.Statusleiste?.PraemieId)
    banners.push({
      key: 'bank',
      text: t('bankData'),
      action: t('bankDataAction'),
      target: props.storingBankData
        ? href(ctx, 'BankDetailsRecommender', undefined, carried)
        : href(ctx, 'RewardDetails', { praemieid: bankFirst.Statusleiste.PraemieId }, carried),
    })
  else if (pickable.length > 0)
    banners.push({
      key: 'ready',
      text: t('ready', { count: pickable.length }),
      action: t('readyAction'),
      target:
        pickable.length === 1
          ? href(ctx, 'RewardDetails', { praemieid: pickable[0]!.PraemieId }, carried)
          : href(ctx, 'Reward', undefined, carried),
    })
  if (props.teZuTp)
    banners.push({
      key: 'tv',
      text: t('teZuTp', { mandant: props.mandant }),
      action: t('teZuTpAction'),
      target: pathHref(ctx, '/fernsehen', carried),
    })
  if (banners.length === 0) return null
  return (
    <div className={styles.banners}>
      {banners.map((b) => (
        <div key={b.key} className={`alert alert--info ${styles.banner}`}>
          <p>{b.text}</p>
          <Link className="button" href={b.target}>
            {b.action}
          </Link>
        </div>
      ))}
    </div>
  )
}
