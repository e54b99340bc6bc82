import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ContentBlocks } from '@/components/content/page-content'
import { ClientMessages } from '@/components/ui/client-messages'
import { listProductsCached } from '@/lib/portal/main-api/cached'
import { MainApiError } from '@/lib/portal/main-api/client'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { rewardRange } from '@/lib/shared/catalog/tile-texts'
import type { Produkt } from '@/lib/contracts/catalog'
import { log } from '@/lib/shared/log'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import {
  CATEGORY_PAGES,
  categoryPageByKey,
  categoryTrail,
  type CategoryPage,
} from '@/lib/routes/category-pages'
import { href, pathHref, type PortalContext } from '@/lib/routes/href'
import { pageFootnotes } from '@/lib/portal/footnotes'
import { DeviceDeck, type TariffChoice } from './device-deck'
import { FootnoteList } from './footnote-list'
import { ProductTile, type TileLink } from './product-tile'
import { RewardHero } from './reward-hero'

/** The recommend screen of a product, remembering the category page the visitor came from (breadcrumb). */
function recommendLink(ctx: PortalContext, page: CategoryPage, product: Produkt, kind: TileLink['kind']) {
  return {
    kind,
    href: href(ctx, 'Recommendation', { produktId: product.Id }, { kategorie: page.path }, 'empfehlen-form'),
  }
}

/**
 * Where a tile's buttons lead: recommend the product; on a mobile tariff page pick a device for the
 * tariff, or recommend the tariff alone (SIM only).
 */
function tileLinks(
  ctx: PortalContext,
  page: CategoryPage,
  product: Produkt,
): { link: TileLink; alt?: TileLink } {
  if (page.select === 'smartphones' || page.select === 'tablets') {
    const target = page.select === 'smartphones' ? 'smartphones.html' : 'tablets.html'
    return {
      link: { kind: 'select', href: pathHref(ctx, `/${target}`, { tarifId: String(product.Id) }) },
      alt: recommendLink(ctx, page, product, 'simOnly'),
    }
  }
  return { link: recommendLink(ctx, page, product, 'recommend') }
}

/**
 * A device page's tariffs: those of the tariff pages whose select button leads here, with the way back
 * to their page and the tariff without a device (both pages are cached; a failure only loses the links).
 */
async function tariffChoices(
  ctx: PortalContext,
  page: CategoryPage,
  title: (key: string) => string,
): Promise<Record<number, TariffChoice>> {
  const choices: Record<number, TariffChoice> = {}
  for (const source of CATEGORY_PAGES.filter((p) => p.select && `${p.select}.html` === page.path)) {
    const tariffs = await listProductsCached(ctx, {
      quelle: source.quelle,
      kategorie: source.kategorie,
    }).catch(() => [])
    for (const tariff of tariffs) {
      if (tariff.Art !== 'mobil' || tariff.HandyId !== null || choices[tariff.Id]) continue
      choices[tariff.Id] = {
        name: tariff.TarifAnzeigeName,
        backHref: pathHref(ctx, `/${source.path}`),
        backLabel: title(source.key),
        simOnlyHref: recommendLink(ctx, source, tariff, 'simOnly').href,
      }
    }
  }
  return choices
}

/** The id of the offers, the hero button's target. */
const OFFERS = 'angebote'

/**
 * A product-category page of SPEC §2.3: title, breadcrumb, subtitle and the products of its query pair
 * as a card deck. The same for every visitor, so it is rendered once per tenant and locale and cached.
 */
export async function CategoryScreen({ params }: { params: Promise<PortalParams & { key: string }> }) {
  const { ctx, config } = await resolvePortal(params)
  const page = categoryPageByKey((await params).key)
  // Reached only through the rewrites of lib/routes/category-table.mjs, so only with a known key.
  if (!page) notFound()
  const path = page.path
  const t = await getTranslations('CategoryPages')
  const tc = await getTranslations('Catalog')
  const title = (key: string) => t(`${key}.title` as 'internet.title')
  let products: Produkt[] = []
  let unavailable = false
  try {
    products = await listProductsCached(ctx, { quelle: page.quelle, kategorie: page.kategorie })
  } catch (error) {
    // A category this tenant does not sell shows as empty; anything else is a failure of the source.
    if (!(error instanceof MainApiError && error.code === 'UnbekannteKategorie')) {
      log.error('category page: products could not be loaded', {
        path,
        code: (error as { code?: string }).code,
      })
      unavailable = true
    }
  }
  const today = germanToday()
  const notes = await pageFootnotes(config, ctx.locale, products)
  const trail = categoryTrail(page).map((p) => ({ path: p.path, label: title(p.key) }))
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={trail} />
      <RewardHero
        ctx={ctx}
        config={config}
        placement={`kategorie:${page.path}`}
        headingId="category-title"
        title={title(page.key)}
        lead={t(`${page.key}.subtitle` as 'internet.subtitle')}
        reward={rewardRange(products, today)}
        targetId={OFFERS}
      />
      <section id={OFFERS} className="offers" aria-label={tc('offers')}>
        {unavailable ? (
          <p className="alert alert--error" role="alert">
            {tc('unavailable')}
          </p>
        ) : products.length === 0 ? (
          <p>{tc('empty')}</p>
        ) : page.deviceFilters ? (
          <ClientMessages locale={ctx.locale} namespaces={['Catalog']}>
            <DeviceDeck
              products={products}
              links={Object.fromEntries(products.map((p) => [p.Id, tileLinks(ctx, page, p)]))}
              tariffChoices={await tariffChoices(ctx, page, title)}
              today={today}
              footnotes={notes.numbers}
              banknotes={config.Settings.Display.Banknotes}
            />
          </ClientMessages>
        ) : (
          <ul className="card-deck product-deck">
            {products.map((product) => (
              <ProductTile
                key={product.Id}
                product={product}
                {...tileLinks(ctx, page, product)}
                today={today}
                footnote={product.Fussnote ? notes.numbers[product.Fussnote] : undefined}
                banknotes={config.Settings.Display.Banknotes}
              />
            ))}
          </ul>
        )}
      </section>
      <ContentBlocks ctx={ctx} placement={`kategorie:${page.path}`} />
      <FootnoteList footnotes={notes.footnotes} unavailable={notes.unavailable} />
    </>
  )
}
