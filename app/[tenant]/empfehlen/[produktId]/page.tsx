import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs, type Crumb } from '@/components/layout/breadcrumbs'
import { apiContext } from '@/lib/portal/main-api/context'
import { productName } from '@/lib/shared/catalog/product-name'
import { germanToday, rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import type { RewardShare } from '@/lib/contracts/recommendation'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { recommendFormDisplay } from '@/lib/portal/recommend-form-display'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { CATEGORY_PAGES, categoryTrail } from '@/lib/routes/category-pages'
import { href, pathHref } from '@/lib/routes/href'
import {
  productOfParam,
  RecommendFootnotes,
  RecommendFormSection,
  RecommendProduct,
} from './recommend-form-section'

// Rendered per request (its query counts), the same for every visitor: the edge keeps it for a few seconds.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { produktId: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant } = await params
  const { ctx } = await resolvePortal({ tenant })
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recommend' })
  return { title: t('metaTitle') }
}

/**
 * Empfehlen (SPEC §2.2): the product with its reward, and the recommendation form. A logged-in
 * referrer's name and e-mail are taken from the account and locked (filled in by the browser).
 */
export default async function RecommendPage({ params, searchParams }: Props) {
  const { tenant, produktId } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'Recommendation', { produktId }, query)
  const api = apiContext(portal.ctx)
  const product = await productOfParam(api, produktId)
  const { ctx, config } = portal
  const settings = config.Settings
  const t = await getTranslations('Recommend')
  const tp = await getTranslations('CategoryPages')
  const ta = await getTranslations('AgentRecommend')
  const today = germanToday()
  const { current } = rewardPeriods(product.Praemien, today)
  const name = productName(product)
  const carried = carriedQuery(query)
  const { ctaOffset } = recommendFormDisplay(settings)
  // The category page the visitor came from (the tile's link names it), else the product's own page.
  const cameFrom = first(query.kategorie)
  const category =
    CATEGORY_PAGES.find((p) => p.path === cameFrom) ??
    CATEGORY_PAGES.find((p) => p.quelle === product.Quelle && p.kategorie === product.Produktkategorie)
  const trail: Crumb[] = [
    ...(category ? categoryTrail(category) : []).map((p) => ({
      path: p.path,
      label: tp(`${p.key}.title` as 'internet.title'),
    })),
    { route: 'Recommendation', params: { produktId }, label: t('breadcrumb') },
  ]
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={trail} />
      {/* A tile's link (#empfehlen-form) lands here: on the product and its reward, the form follows. */}
      <div
        id="empfehlen-form"
        className="recommend-top"
        style={ctaOffset > 0 ? { scrollMarginTop: ctaOffset } : undefined}
      >
        <h1>{t('title', { produkt: name })}</h1>
        <p className="lead">{t('intro', { produkt: name })}</p>
      </div>
      <div
        className={
          settings.Display.StackedLayout ? 'recommend-layout recommend-layout--stacked' : 'recommend-layout'
        }
      >
        <div className="recommend-layout__product">
          <RecommendProduct
            portal={portal}
            product={product}
            today={today}
            hasReward={Boolean(current)}
            footnotes={false}
          />
          <p>
            <Link
              href={
                category
                  ? pathHref(ctx, `/${category.path}`, carried)
                  : href(ctx, 'Homepage', undefined, carried)
              }
            >
              {t('changeProduct')}
            </Link>
          </p>
          {settings.ModuleAgentRecommendation && (
            <p>
              {ta.rich('entry', {
                link: (chunks) => (
                  <Link href={href(ctx, 'AgentRecommendations', { produktId }, carried)}>{chunks}</Link>
                ),
              })}
            </p>
          )}
        </div>
        <div className="recommend-layout__form">
          {settings.Display.MarketingText && (
            <section className="panel" aria-labelledby="recommend-marketing">
              <h2 id="recommend-marketing">{t('marketingTitle')}</h2>
              <p>
                {current
                  ? t('marketingText', {
                      produkt: name,
                      praemie: formatRewardValue(current.WertCent, ctx.locale),
                    })
                  : t('marketingTextNoReward', { produkt: name })}
              </p>
            </section>
          )}
          <RecommendFormSection
            portal={portal}
            api={api}
            query={query}
            product={product}
            rewardCents={current?.WertCent ?? null}
            defaultShare={settings.RecommenderDefaultShare as RewardShare}
            anchored={false}
          />
        </div>
      </div>
      <RecommendFootnotes portal={portal} product={product} />
    </>
  )
}
