import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ProduktKategorie } from '@/lib/contracts/catalog'
import { pathHref, type PortalContext } from '@/lib/routes/href'

/** Icons drawn by app/globals.css (.category-card--{icon}); an unknown icon name falls back to the router. */
const ICONS = new Set(['router', 'fiber', 'tv', 'sport', 'sim', 'phone', 'tablet', 'stick', 'business'])

/** The tenant's product categories as a card deck (4 / 2 / 1 columns, SPEC §9). */
export async function CategoryDeck({
  ctx,
  categories,
}: {
  ctx: PortalContext
  categories: ProduktKategorie[]
}) {
  const t = await getTranslations('Home')
  if (categories.length === 0) return <p>{t('categoriesEmpty')}</p>
  return (
    <ul className="card-deck">
      {categories.map((category) => (
        <li
          key={category.Id}
          className={`card category-card category-card--${ICONS.has(category.Icon) ? category.Icon : 'router'}`}
        >
          <h3>{category.Name}</h3>
          <p>{category.Beschreibung}</p>
          <Link href={pathHref(ctx, `/${category.Slug}`)}>{t('categoryLink', { name: category.Name })}</Link>
        </li>
      ))}
    </ul>
  )
}
