import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ContentBlocks, KeyVisualBanner } from '@/components/content/page-content'
import { ClientMessages } from '@/components/ui/client-messages'
import { listProductsCached } from '@/lib/portal/main-api/cached'
import { MainApiError } from '@/lib/portal/main-api/client'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { Produkt } from '@/lib/contracts/catalog'
import { log } from '@/lib/shared/log'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { categoryPageByKey, categoryTrail, type CategoryPage } from '@/lib/routes/category-pages'
import { href, pathHref, type PortalContext } from '@/lib/routes/href'
import { pageFootnotes } from '@/lib/portal/footnotes'
import { DeviceDeck } from './device-deck'
import { FootnoteList } from './footnote-list'
import { ProductTile, type TileLink } from './product-tile'

/** Where a tile's button leads: recommend the product, or (mobile tariffs) pick a device for it. */
function tileLink(ctx: PortalContext, page: CategoryPage, product: Produkt): TileLink {
  if (page.select === 'smartphones' || page.select === 'tablets') {
    const target = page.select === 'smartphones' ? 'smartphones.html' : 'tablets.html'
    return { kind: 'select', href: pathHref(ctx, `/${target}`, { tarifId: String(product.Id) }) }
  }
  return {
    kind: 'recommend',
    href: href(ctx, 'Recommendation', { produktId: product.Id }, undefined, 'empfehlen-form'),
  }
}

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
      <h1>{title(page.key)}</h1>
      <p className="lead">{t(`${page.key}.subtitle` as 'internet.subtitle')}</p>
      <KeyVisualBanner ctx={ctx} config={config} placement={`kategorie:${page.path}`} />
      <section aria-label={tc('offers')}>
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
              links={Object.fromEntries(products.map((p) => [p.Id, tileLink(ctx, page, p)]))}
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
                link={tileLink(ctx, page, product)}
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
