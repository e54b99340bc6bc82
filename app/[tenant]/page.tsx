import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Steps } from '@/components/layout/steps'
import { ContentBlocks, KeyVisualBanner } from '@/components/content/page-content'
import { CategoryDeck } from '@/components/home/category-deck'
import { ActiveRewardCarousel } from '@/components/catalog/active-reward-carousel'
import { listCategoriesCached, listRewardsCached } from '@/lib/portal/main-api/cached'
import type { ApiContext } from '@/lib/portal/main-api/context'
import type { PraemieEintrag } from '@/lib/contracts/rewards'
import { log } from '@/lib/shared/log'
import { href } from '@/lib/routes/href'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

// Home: the same for every visitor, rendered once per tenant and locale and served from cache.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export default async function HomePage({ params }: { params: Promise<PortalParams> }) {
  const { ctx, config } = await resolvePortal(params)
  const t = await getTranslations('Home')
  const s = config.Settings
  const categories = s.ShowProductCategory ? await listCategoriesCached(ctx) : []
  const rewards = s.Display.Carousel ? await carouselRewards(ctx) : []
  const tr = await getTranslations('RewardOverview')
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('headline')}</h1>
        <p className="lead">{t('intro', { programm: s.ProgrammName, mandant: s.Name })}</p>
        {s.Display.BountyNotice && <p>{t('rewardsHint')}</p>}
      </section>
      {rewards.some((r) => r.Aktiv) && (
        <section aria-labelledby="rewards-title">
          <h2 id="rewards-title">{tr('carouselTitle')}</h2>
          <ActiveRewardCarousel rewards={rewards} locale={ctx.locale} apiRoute={s.apiRoute} />
          <p>
            <Link href={href(ctx, 'RewardOverview')}>{tr('homeLink')}</Link>
          </p>
        </section>
      )}
      <KeyVisualBanner ctx={ctx} config={config} placement="home" />
      <Steps />
      <ContentBlocks ctx={ctx} placement="home" />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title">{t('categoriesTitle')}</h2>
        <CategoryDeck ctx={ctx} categories={categories} />
      </section>
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
