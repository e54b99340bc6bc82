import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ProduktKategorie } from '@/lib/contracts/catalog'
import { prefixOf, type PortalContext } from '@/lib/routes/href'
import { CategoryIcon } from './category-icon'

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
        <li key={category.Id}>
          <article className="card">
            <CategoryIcon name={category.Icon} />
            <h3>{category.Name}</h3>
            <p>{category.Beschreibung}</p>
            <Link href={`${prefixOf(ctx)}/${category.Slug}`}>
              {t('categoryLink', { name: category.Name })}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  )
}
