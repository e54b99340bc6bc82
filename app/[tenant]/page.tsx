import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Steps } from '@/components/layout/steps'
import { ContentBlocks } from '@/components/content/page-content'
import { CategoryDeck } from '@/components/home/category-deck'
import { ActiveRewardCarousel } from '@/components/catalog/active-reward-carousel'
import { RewardHero, type HeroReward } from '@/components/catalog/reward-hero'
import {
  getMaxRewardValueCached,
  listCategoriesCached,
  listRewardsCached,
} from '@/lib/portal/main-api/cached'
import type { ApiContext } from '@/lib/portal/main-api/context'
import type { PraemieEintrag } from '@/lib/contracts/rewards'
import { log } from '@/lib/shared/log'
import { href } from '@/lib/routes/href'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { PRODUCT_CHOICE } from '@/lib/routes/anchors'

// Home: the same for every visitor, rendered once per tenant and locale and served from cache.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

/** The id of the product choice, the hero button's target. */

export default async function HomePage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  const t = await getTranslations('Home')
  const s = config.Settings
  const categories = s.ShowProductCategory ? await listCategoriesCached(ctx) : []
  const rewards = s.Display.Carousel ? await carouselRewards(ctx) : []
  const tr = await getTranslations('RewardOverview')
  return (
    <>
      <RewardHero
        ctx={ctx}
        config={config}
        placement="home"
        headingId="home-title"
        kicker={s.ProgrammName}
        title={t('headline')}
        lead={t('intro', { mandant: s.Name })}
        reward={await maxReward(ctx)}
        targetId={PRODUCT_CHOICE}
        note={s.Display.BountyNotice ? t('rewardsHint') : undefined}
      />
      <section id={PRODUCT_CHOICE} className="product-choice" aria-labelledby="categories-title">
        <h2 id="categories-title">{t('categoriesTitle')}</h2>
        <CategoryDeck ctx={ctx} categories={categories} />
      </section>
      <Steps />
      {rewards.some((r) => r.Aktiv) && (
        <section aria-labelledby="rewards-title">
          <h2 id="rewards-title">{tr('carouselTitle')}</h2>
          <ActiveRewardCarousel rewards={rewards} locale={ctx.locale} apiRoute={s.apiRoute} />
          <p>
            <Link href={href(ctx, 'RewardOverview')}>{tr('homeLink')}</Link>
          </p>
        </section>
      )}
      <ContentBlocks ctx={ctx} placement="home" />
      <section className="panel" aria-labelledby="code-title">
        <h2 id="code-title">{t('codeTitle')}</h2>
        <p>{t('codeText')}</p>
        <Link className="button button--secondary" href={href(ctx, 'Code')}>
          {t('codeLink')}
        </Link>
      </section>
    </>
  )
}

/** "bis zu …" of GET produkt/maxpraemiewert; without it (or without any reward) the hero has no figure. */
async function maxReward(ctx: ApiContext): Promise<HeroReward> {
  try {
    const max = await getMaxRewardValueCached(ctx)
    return max.WertCent > 0 ? { wert: max.Wert, upTo: true } : null
  } catch (error) {
    log.error('home: the highest reward could not be loaded', { code: (error as { code?: string }).code })
    return null
  }
}

/** The reward carousel (Display.Carousel) is an extra: when the rewards cannot be loaded, home shows without it. */
async function carouselRewards(ctx: ApiContext): Promise<PraemieEintrag[]> {
  try {
    return await listRewardsCached(ctx)
  } catch (error) {
    log.error('home: rewards for the carousel could not be loaded', {
      code: (error as { code?: string }).code,
    })
    return []
  }
}
