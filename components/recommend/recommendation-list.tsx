import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import type { Recommendation } from '@/lib/contracts/recommendation'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { href, type PortalContext, type Query } from '@/lib/routes/href'
import { formatCode } from '@/lib/shared/share/share-links'
import { StatusTrack } from '@/components/rewards/status-track'
import { formatDate } from '@/lib/i18n/dates'
import styles from './recommendation-list.module.css'

const BAR_TEXT = { Ok: 'nichtReagiert', Abgelaufen: 'abgelaufen', OptInRequired: 'optinFehlt' } as const

/**
 * The referrer's recommendations in the personal area (GET /empfehler/empfehlungen/): product, dates,
 * reward and share, the status with its status bar (SPEC §4: steps, text and the next action), the link.
 */
export function RecommendationList({
  ctx,
  recommendations,
  carried,
}: {
  ctx: PortalContext
  recommendations: Recommendation[]
  carried: Query
}) {
  const t = useTranslations('Dashboard')
  const ts = useTranslations('Status')
  const format = useFormatter()
  const date = (iso: string) => formatDate(format, iso)
  const money = (cents: number) => formatRewardValue(cents, ctx.locale)
  if (recommendations.length === 0) return <p>{t('recommendationsEmpty')}</p>
  return (
    <ul className="recommendation-list">
      {recommendations.map((r) => {
        const headingId = `empfehlung-${r.Empfehlungsnummer}`
        const share = String(r.AnteilEmpfehler) as '100' | '50' | '0'
        return (
          <li key={r.Empfehlungsnummer} className="card recommendation" aria-labelledby={headingId}>
            <div className="recommendation__head">
              <h3 id={headingId}>{r.Produkt.AnzeigeName}</h3>
              <span className={`status-badge status-badge--${r.Status.toLowerCase()}`}>
                {ts(`Recommendation.${r.Status}`)}
              </span>
            </div>
            {r.Statusleiste ? (
              <StatusTrack
                ctx={ctx}
                bar={r.Statusleiste}
                produkt={r.Produkt.AnzeigeName}
                nummer={r.Empfehlungsnummer}
                carried={carried}
              />
            ) : (
              <p className="recommendation__bar">{ts(`Bar.${BAR_TEXT[r.Status]}`)}</p>
            )}
            <dl className={`recommendation__facts ${styles.facts}`}>
              <div>
                <dt>{t('createdAt')}</dt>
                <dd>{date(r.ErstelltAm)}</dd>
              </div>
              {r.GueltigBis && (
                <div>
                  <dt>{t('validUntil')}</dt>
                  <dd>{date(r.GueltigBis)}</dd>
                </div>
              )}
              {r.Praemie && (
                <div>
                  <dt>{t('rewardFor')}</dt>
                  <dd>
                    {t('rewardValue', {
                      praemie: money(r.Praemie.WertCent),
                      anteil: t(`shareInfo.${share}`),
                    })}
                  </dd>
                </div>
              )}
              {r.Status === 'Ok' && (
                <div>
                  <dt>{t('link')}</dt>
                  <dd className="recommendation__link">{r.Link}</dd>
                </div>
              )}
              {r.Code && r.Status === 'Ok' && (
                <div>
                  <dt>{t('code')}</dt>
                  <dd>{formatCode(r.Code)}</dd>
                </div>
              )}
            </dl>
            {r.Status === 'Ok' && r.Statusleiste?.Aktion !== 'teilen' && !r.Auftrag && !r.Reagiert && (
              <Link
                className="button button--secondary"
                href={href(ctx, 'Confirmation', undefined, { ...carried, empfehlung: r.Empfehlungsnummer })}
                aria-label={t('shareAgainLabel', { produkt: r.Produkt.AnzeigeName })}
              >
                {t('shareAgain')}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
