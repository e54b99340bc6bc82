import 'server-only'
import { notFound, redirect } from 'next/navigation'
import { getUser } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { sessionFor, type SessionUser } from '@/lib/portal/session'
import type { User } from '@/lib/contracts/account'
import { href, type Query } from '@/lib/routes/href'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { decideRoute } from '@/lib/routes/rules'
import { buildPath, isOffered, routeByName, type RouteName, type RouteParams } from '@/lib/routes/table'
import { resolvePortal, type Portal, type PortalParams } from './resolve'

export type SearchParams = Record<string, string | string[] | undefined>

/** A session the main API confirmed, with the account as it is now (GET /account/user). */
export type VerifiedSession = { token: string; user: SessionUser; account: User }

/** The widget parameter is carried on every internal link and redirect (SPEC §2.4). */
export function carriedQuery(searchParams: SearchParams): Query {
  const widget = first(searchParams.widget)
  return widget !== undefined ? { widget } : {}
}

export function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export function loginRedirectHref(
  portal: Portal,
  name: RouteName,
  params: RouteParams,
  searchParams: SearchParams,
) {
  const query = Object.entries(searchParams).map(([k, v]): [string, string] => [k, first(v) ?? ''])
  const redirect = loginRedirectParam(buildPath(name, params), query)
  return href(portal.ctx, 'Login', undefined, { redirect, ...carriedQuery(searchParams) })
}

/**
 * The navigation rules of SPEC §2.4 for a screen rendered per request. Every such screen calls it
 * itself (the proxy only redirects early): autologin-disabled routes go home, login-required routes
 * and ModuleErzwingeLogin's non-whitelisted routes go to login; then a screen the tenant's settings do
 * not offer (the route's offeredWhen) is not found. A stored token is checked with the main API, so an
 * ended session (logout, lock, deletion) counts as logged out.
 */
export async function applyRouteRules(
  portal: Portal,
  name: RouteName,
  params: RouteParams,
  searchParams: SearchParams,
): Promise<VerifiedSession | null> {
  const session = await verifiedSession(portal)
  const route = routeByName(name)
  const decision = decideRoute(route, portal.config.Settings, session !== null)
  if (decision === 'home') redirect(home(portal, searchParams))
  if (decision === 'login') redirect(loginRedirectHref(portal, name, params, searchParams))
  if (!isOffered(route, portal.config.Settings)) notFound()
  return session
}

function home(portal: Portal, searchParams: SearchParams) {
  return href(portal.ctx, 'Homepage', undefined, carriedQuery(searchParams))
}

async function verifiedSession(portal: Portal) {
  const session = await sessionFor(portal.ctx.tenant)
  if (!session) return null
  try {
    const account = await getUser(apiContext(portal.ctx, session))
    return { ...session, account }
  } catch (error) {
    // SPEC §7.9: PSOF0204 or HTTP 401 logs the user out.
    if (error instanceof MainApiError && error.code === 'PSOF0204') return null
    throw error
  }
}

/**
 * applyRouteRules for a screen whose route requires login: answers the verified session, or sends the
 * visitor to login (which the route's rules already do; this makes the type say so).
 */
export async function requireSession(
  portal: Portal,
  name: RouteName,
  params: RouteParams,
  searchParams: SearchParams,
): Promise<VerifiedSession> {
  const session = await applyRouteRules(portal, name, params, searchParams)
  if (!session) redirect(loginRedirectHref(portal, name, params, searchParams))
  return session
}

/**
 * The start of a screen rendered per request: its tenant, its query and the visitor's session, after the
 * route's navigation rules (applyRouteRules, which may redirect), and the query a link carries on.
 */
export async function openScreen(
  { params, searchParams }: { params: Promise<PortalParams>; searchParams: Promise<SearchParams> },
  name: RouteName,
) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = await applyRouteRules(portal, name, {}, query)
  const carried = carriedQuery(query)
  /** The address of a route without parameters, carrying the query on. */
  const routeHref = (route: RouteName) => href(portal.ctx, route, undefined, carried)
  return { portal, query, session, carried, routeHref }
}
