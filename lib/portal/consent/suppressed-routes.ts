import { routePathOf, type PortalContext } from '@/lib/routes/href'
import { matchRoute, type RouteName } from '@/lib/routes/table'

/** SPEC §2.4: the privacy and imprint pages suppress the consent dialog (they must be readable first). */
const SUPPRESSING_ROUTES: readonly RouteName[] = ['Privacy', 'Imprint']

/** Whether the consent banner stays away on this browser path (any locale, prefixed or host-mapped). */
export function suppressesConsentBanner(ctx: PortalContext, pathname: string): boolean {
  const match = matchRoute(routePathOf(ctx, pathname))
  return match !== null && SUPPRESSING_ROUTES.includes(match.route.name)
}
