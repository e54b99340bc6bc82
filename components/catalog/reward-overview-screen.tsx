import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { listRewardsCached } from '@/lib/portal/main-api/cached'
import {
  highestActiveReward,
  rewardsByCategory,
  type CategoryPeriod,
  type CategoryRewards,
} from '@/lib/shared/catalog/reward-overview'
import { rewardImagePath, type PraemieEintrag, type RewardImage } from '@/lib/contracts/rewards'
import type { Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, pathHref, type PortalContext } from '@/lib/routes/href'
import { ActiveRewardCarousel } from './active-reward-carousel'
import { formatDate } from '@/lib/i18n/dates'

/**
 * The current reward overview (SPEC §2.2 AktuellePraemienuebersicht, route RewardOverview): the
 * active rewards as a carousel, per product category the reward in force and the next one (SPEC §3
 * reward texts), how a reward can be shared, and the way to the products. The same for every
 * visitor, so it is rendered once per tenant and locale and served from cache.
 */
export async function RewardOverviewScreen({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  const s = config.Settings
  const t = await getTranslations('RewardOverview')
  let rewards: PraemieEintrag[] = []
  let unavailable = false
  try {
    rewards = await listRewardsCached(ctx)
  } catch (error) {
    log.error('reward overview: rewards could not be loaded', { code: (error as { code?: string }).code })
    unavailable = true
  }
  const categories = rewardsByCategory(rewards)
  const highest = highestActiveReward(rewards)
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'RewardOverview' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {unavailable ? (
        <p className="alert alert--error" role="alert">
          {t('unavailable')}
        </p>
      ) : !highest ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <section aria-labelledby="rewards-categories-title">
            <h2 id="rewards-categories-title">{t('categoriesTitle')}</h2>
            <RewardTable ctx={ctx} categories={categories} />
          </section>
          <section aria-labelledby="rewards-carousel-title">
            <h2 id="rewards-carousel-title">{t('carouselTitle')}</h2>
            <ActiveRewardCarousel rewards={rewards} locale={ctx.locale} apiRoute={s.apiRoute} />
          </section>
          <ShareNote
            reward={highest}
            options={s.RewardShareOptions}
            apiRoute={s.apiRoute}
            locale={ctx.locale}
          />
        </>
      )}
      <section className="panel reward-cta" aria-labelledby="rewards-cta-title">
        <h2 id="rewards-cta-title">{t('ctaTitle')}</h2>
        <p>{t('ctaText')}</p>
        <Link className="button" href={href(ctx, 'Homepage')}>
          {t('ctaLink')}
        </Link>
      </section>
    </>
  )
}

/** The groups of the table, by the categories' source (SPEC §7.7 quelle), in this order; others last. */
const GROUPS = ['festnetz', 'service', 'tv', 'sport', 'business', 'mobilfunk'] as const

/**
 * The rewards per category as one compact table per product group: category, and the reward in force
 * ("bis zu" where its products differ) with how long it holds and the next amount only where it changes.
 */
async function RewardTable({ ctx, categories }: { ctx: PortalContext; categories: CategoryRewards[] }) {
  const t = await getTranslations('RewardOverview')
  const tp = await getTranslations('CategoryPages')
  const format = await getFormatter()
  const date = (iso: string) => formatDate(format, iso)
  const groupOf = (quelle: string) => ((GROUPS as readonly string[]).includes(quelle) ? quelle : 'other')
  const groups = [...GROUPS, 'other'].map((group) => ({
    group,
    rows: categories.filter((c) => groupOf(c.quelle) === group),
  }))
  const amount = (period: CategoryPeriod) =>
    period.upTo ? t('amountUpTo', { praemieWert: period.reward.Wert }) : period.reward.Wert
  const end = (period: CategoryPeriod) => period.reward.EnddatumAnzeige ?? period.reward.Enddatum
  return (
    <div className="reward-table">
      {groups
        .filter((g) => g.rows.length > 0)
        .map(({ group, rows }) => (
          <table key={group} className="reward-table__group">
            <caption>{t(`group.${group}` as 'group.festnetz')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columnProduct')}</th>
                <th scope="col">{t('columnReward')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((category) => {
                const name = category.page
                  ? tp(`${category.page.key}.title` as 'internet.title')
                  : category.kategorie
                const { current, next } = category
                // A next period with the same amount changes nothing: the reward simply holds longer.
                const same = current && next && current.reward.WertCent === next.reward.WertCent
                const holds = same ? next : current
                const until = holds ? end(holds) : null
                return (
                  <tr key={`${category.quelle}/${category.kategorie}`}>
                    <th scope="row">
                      {category.page ? (
                        <Link href={pathHref(ctx, `/${category.page.path}`)}>{name}</Link>
                      ) : (
                        name
                      )}
                    </th>
                    <td>
                      {current && (
                        <>
                          <span className="reward-table__amount">{amount(current)}</span>{' '}
                          <span className="reward-table__period">
                            {until ? t('until', { enddatum: date(until) }) : t('open')}
                          </span>
                        </>
                      )}
                      {next && !same && (
                        <span className="reward-table__next">
                          {t('from', { startdatum: date(next.reward.Startdatum), praemieWert: amount(next) })}
                        </span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        ))}
    </div>
  )
}

/** How a reward can be shared (SPEC §1): only the shares the tenant offers (RewardShareOptions). */
async function ShareNote({
  reward,
  options,
  apiRoute,
  locale,
}: {
  reward: PraemieEintrag
  options: number[]
  apiRoute: string
  locale: Locale
}) {
  const t = await getTranslations('RewardOverview')
  const money = (cents: number) => formatRewardValue(cents, locale)
  const half = money(Math.floor(reward.WertCent / 2))
  const image = (kind: RewardImage) => rewardImagePath(apiRoute, reward.Id, kind, locale)
  return (
    <section aria-labelledby="rewards-share-title">
      <h2 id="rewards-share-title">{t('shareTitle')}</h2>
      <p>{t('shareIntro', { praemieWert: reward.Wert })}</p>
      <ul className="reward-shares">
        {options.includes(100) && (
          <ShareOption
            title={t('share100')}
            text={t('share100Text', { praemieWert: reward.Wert })}
            images={[{ src: image('grafik100'), alt: t('imageAltFull', { praemieWert: reward.Wert }) }]}
          />
        )}
        {options.includes(50) && (
          <ShareOption
            title={t('share50')}
            text={t('share50Text', { praemieWert: half })}
            images={[
              { src: image('grafik50empfehler'), alt: t('imageAltReferrer', { praemieWert: half }) },
              { src: image('grafik50empfaenger'), alt: t('imageAltFriend', { praemieWert: half }) },
            ]}
          />
        )}
        {options.includes(0) && (
          <ShareOption
            title={t('share0')}
            text={t('share0Text', { praemieWert: reward.Wert })}
            images={[{ src: image('grafik100'), alt: t('imageAltFull', { praemieWert: reward.Wert }) }]}
          />
        )}
      </ul>
    </section>
  )
}

function ShareOption({
  title,
  text,
  images,
}: {
  title: string
  text: string
  images: { src: string; alt: string }[]
}) {
  return (
    <li className="reward-share">
      <h3>{title}</h3>
      <div className="reward-share__images">
        {images.map((img) => (
          // eslint-disable-next-line @next/next/no-img-element -- generated SVG of the main API
          <img key={img.src} src={img.src} alt={img.alt} width={640} height={320} loading="lazy" />
        ))}
      </div>
      <p>{text}</p>
    </li>
  )
}
