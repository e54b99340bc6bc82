import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { listRewardsCached } from '@/lib/portal/main-api/cached'
import {
  highestActiveReward,
  rewardsByCategory,
  type CategoryRewards,
} from '@/lib/shared/catalog/reward-overview'
import { rewardImagePath, type PraemieEintrag, type RewardImage } from '@/lib/contracts/rewards'
import type { Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, pathHref } from '@/lib/routes/href'
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
          <section aria-labelledby="rewards-carousel-title">
            <h2 id="rewards-carousel-title">{t('carouselTitle')}</h2>
            <ActiveRewardCarousel rewards={rewards} locale={ctx.locale} apiRoute={s.apiRoute} />
          </section>
          <section aria-labelledby="rewards-categories-title">
            <h2 id="rewards-categories-title">{t('categoriesTitle')}</h2>
            <ul className="card-deck reward-deck">
              {categories.map((category) => (
                <CategoryCard
                  key={`${category.quelle}/${category.kategorie}`}
                  category={category}
                  link={category.page ? pathHref(ctx, `/${category.page.path}`) : null}
                />
              ))}
            </ul>
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

/** One category: the reward in force (with "bis zu" when its products differ) and the next one. */
async function CategoryCard({ category, link }: { category: CategoryRewards; link: string | null }) {
  const t = await getTranslations('RewardOverview')
  const tc = await getTranslations('Catalog')
  const tp = await getTranslations('CategoryPages')
  const format = await getFormatter()
  const date = (iso: string) => formatDate(format, iso)
  const name = category.page ? tp(`${category.page.key}.title` as 'internet.title') : category.kategorie
  const { current, next } = category
  const headingId = `reward-${category.quelle}-${category.kategorie}`.replace(/[^\w-]/g, '-')
  let currentText: string | null = null
  if (current) {
    const end = current.reward.EnddatumAnzeige ?? current.reward.Enddatum
    const values = { abschlussname: name, praemieWert: current.reward.Wert }
    // The product tiles' own sentences where one amount holds; "bis zu" where the products differ.
    currentText = current.upTo
      ? end
        ? t('currentUpTo', { ...values, enddatum: date(end) })
        : t('currentUpToOpen', values)
      : end
        ? tc('rewardCurrent', { ...values, enddatum: date(end) })
        : tc('rewardOpen', values)
  }
  let nextText: string | null = null
  if (next) {
    const values = { startdatum: date(next.reward.Startdatum), praemieWert: next.reward.Wert }
    nextText = next.upTo ? t('nextUpTo', values) : tc('rewardNext', values)
  }
  const badge = current ?? next
  return (
    <li className="card reward-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{link ? <Link href={link}>{name}</Link> : name}</h3>
      {badge && (
        <p className="reward-card__badge">
          {badge.upTo
            ? t('badgeUpTo', { praemieWert: badge.reward.Wert })
            : tc('rewardBadge', { praemieWert: badge.reward.Wert })}
        </p>
      )}
      {currentText && <p>{currentText}</p>}
      {nextText && <p className="reward-card__next">{nextText}</p>}
    </li>
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
