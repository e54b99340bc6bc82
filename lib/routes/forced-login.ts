import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { CATEGORY_PAGES } from './category-pages'
import { decideRoute } from './rules'
import { matchRoute, ROUTES } from './table'

type RuleSettings = Pick<TenantSettings, 'IsAutologin' | 'ModuleErzwingeLogin'>

/** The category pages of SPEC §2.3 as route paths ("/internet", "/smartphones.html"). */
const CATEGORY_PATHS = new Set(CATEGORY_PAGES.map((page) => `/${page.path}`))

/**
 * SPEC §2.4, ModuleErzwingeLogin: whether a visitor without login may not see this route path (after
 * tenant and locale). Routes of the table follow decideRoute; the category pages of §2.3 are pages of
 * the catalogue, not on the whitelist, so they need the login too. Unknown paths do not: they lead to
 * the 404 page, which stays open.
 */
export function forcedLoginApplies(routePath: string, settings: RuleSettings): boolean {
  if (!settings.ModuleErzwingeLogin) return false
  const path = routePath.length > 1 ? routePath.replace(/\/$/, '') : routePath
  if (CATEGORY_PATHS.has(path)) return true
  const match = matchRoute(path)
  return match !== null && decideRoute(match.route, settings, false) !== 'render'
}

/**
 * The route paths (patterns with `{param}`) that a tenant with these settings closes to visitors without
 * login under ModuleErzwingeLogin; empty for every other tenant. The production server's edge step
 * (lib/edge/forced-login.mjs) reads them through GET /api/login-policy/{tenant} and enforces them on the
 * server, also for the cached pages, which are the same for every visitor.
 */
export function forcedLoginPaths(settings: RuleSettings): string[] {
  if (!settings.ModuleErzwingeLogin) return []
  return [
    ...ROUTES.filter((route) => !route.redirectTo && decideRoute(route, settings, false) !== 'render').map(
      (route) => route.path,
    ),
    ...CATEGORY_PATHS,
  ]
}
