import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { href, pathHref, type PortalContext } from '@/lib/routes/href'
import type { RouteName, RouteParams } from '@/lib/routes/table'

/** A crumb is a route of the table, or a page outside it (category pages) given by path and label. */
export type Crumb =
  | { route: RouteName; params?: RouteParams; label?: string }
  | { path: string; label: string; route?: undefined }

/** Home › … › current page; the last crumb is the current page. */
export async function Breadcrumbs({ ctx, trail }: { ctx: PortalContext; trail: Crumb[] }) {
  const t = await getTranslations('Routes')
  const tl = await getTranslations('Layout')
  const items: Crumb[] = [{ route: 'Homepage' }, ...trail]
  return (
    <nav className="breadcrumbs" aria-label={tl('breadcrumb')}>
      <ol>
        {items.map((crumb, i) => {
          const label = crumb.route === undefined ? crumb.label : (crumb.label ?? t(crumb.route))
          const target =
            crumb.route === undefined ? pathHref(ctx, `/${crumb.path}`) : href(ctx, crumb.route, crumb.params)
          const last = i === items.length - 1
          return (
            <li key={`${crumb.route ?? crumb.path}-${i}`}>
              {last ? <span aria-current="page">{label}</span> : <Link href={target}>{label}</Link>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
