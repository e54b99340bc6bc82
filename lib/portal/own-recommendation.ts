import 'server-only'
import { redirect } from 'next/navigation'
import { apiContext } from '@/lib/portal/main-api/context'
import { getRecommendation } from '@/lib/portal/main-api/recommendations'
import { recommendationNumberSchema, type Recommendation } from '@/lib/contracts/recommendation'
import type { RouteName } from '@/lib/routes/table'
import { loginRedirectHref, type SearchParams, type VerifiedSession } from './guards'
import type { Portal } from './resolve'

/**
 * The recommendation a page names in `?empfehlung=`, if it is the logged-in referrer's; without a login
 * the page sends to the login and comes back. Null for a malformed number or anyone else's.
 */
export async function ownRecommendation(
  portal: Portal,
  session: VerifiedSession | null,
  route: RouteName,
  query: SearchParams,
  nummer: string,
): Promise<{ session: VerifiedSession; recommendation: Recommendation | null }> {
  if (!session) redirect(loginRedirectHref(portal, route, {}, query))
  const valid = recommendationNumberSchema.safeParse(nummer)
  const recommendation = valid.success
    ? await getRecommendation(apiContext(portal.ctx, session), valid.data)
    : null
  return { session, recommendation }
}
