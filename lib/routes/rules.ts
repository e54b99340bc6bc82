import type { TenantSettings } from '@/lib/shared/tenants/settings'
import type { RouteDef } from './table'

export type RouteDecision = 'render' | 'home' | 'login'

type RuleSettings = Pick<TenantSettings, 'IsAutologin' | 'ModuleErzwingeLogin'>

/**
 * The navigation rules of SPEC §2.4 that depend on login state, as one pure decision:
 * - autologin tenants: routes disabled for autologin, and login-required routes without a login, go home;
 * - login-required routes without a login go to login (with the redirect parameter);
 * - ModuleErzwingeLogin: every route off the whitelist goes to login without a login.
 */
export function decideRoute(route: RouteDef, settings: RuleSettings, loggedIn: boolean): RouteDecision {
  if (settings.IsAutologin && route.disabledUnderAutologin) return 'home'
  const needsLogin = route.requiresLogin || (settings.ModuleErzwingeLogin && !route.forcedLoginWhitelist)
  if (!needsLogin || loggedIn) return 'render'
  return settings.IsAutologin ? 'home' : 'login'
}
