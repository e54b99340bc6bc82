import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { href, type PortalContext } from '@/lib/routes/href'
import type { RouteName, RouteParams } from '@/lib/routes/table'

export type Crumb = { route: RouteName; params?: RouteParams; label?: string }

/** Home › … › current page; the last crumb is the current page. */
export async function Breadcrumbs({ ctx, trail }: { ctx: PortalContext; trail: Crumb[] }) {
  const t = await getTranslations('Routes')
  const tl = await getTranslations('Layout')
  const items: Crumb[] = [{ route: 'Homepage' }, ...trail]
  return (
    <nav className="breadcrumbs" aria-label={tl('breadcrumb')}>
      <ol>
        {items.map((crumb, i) => {
          const label = crumb.label ?? t(crumb.route)
          const last = i === items.length - 1
          return (
            <li key={`${crumb.route}-${i}`}>
              {last ? (
                <span aria-current="page">{label}</span>
              ) : (
                <Link href={href(ctx, crumb.route, crumb.params)}>{label}</Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
