import { decideRoute } from './rules'
import { SPEC_FORCED_LOGIN_WHITELIST } from '@/tests/support/spec'
import { ROUTES, routeByName } from './table'

const open = { IsAutologin: false, ModuleErzwingeLogin: false }
const forced = { IsAutologin: false, ModuleErzwingeLogin: true }
const auto = { IsAutologin: true, ModuleErzwingeLogin: false }

describe('decideRoute (SPEC §2.4)', () => {
  it('sends login-required routes to login without a login and renders them with one', () => {
    for (const name of [
      'Dashboard',
      'Settings',
      'Logout',
      'ChangePassword',
      'BankDetailsRecommender',
    ] as const) {
      expect(decideRoute(routeByName(name), open, false)).toBe('login')
      expect(decideRoute(routeByName(name), open, true)).toBe('render')
    }
  })

  it('renders public routes for everyone on an open tenant', () => {
    expect(decideRoute(routeByName('Homepage'), open, false)).toBe('render')
    expect(decideRoute(routeByName('Recommendation'), open, false)).toBe('render')
  })

  it('forces login on every route off the whitelist under ModuleErzwingeLogin', () => {
    // Logout is whitelisted but needs a login of its own.
    for (const name of SPEC_FORCED_LOGIN_WHITELIST.filter((n) => n !== 'Logout'))
      expect(decideRoute(routeByName(name), forced, false)).toBe('render')
    for (const name of ['Homepage', 'Recommendation', 'Click', 'Thanks', 'RewardOverview'] as const) {
      expect(decideRoute(routeByName(name), forced, false)).toBe('login')
      expect(decideRoute(routeByName(name), forced, true)).toBe('render')
    }
  })

  it('sends autologin-disabled routes home, logged in or not', () => {
    for (const name of [
      'Login',
      'Logout',
      'Settings',
      'ForgotPassword',
      'ChangePassword',
      'SetPassword',
      'Registration',
    ] as const) {
      expect(decideRoute(routeByName(name), auto, false)).toBe('home')
      expect(decideRoute(routeByName(name), auto, true)).toBe('home')
    }
  })

  it('sends login-required routes home under autologin when not logged in, and renders them when logged in', () => {
    expect(decideRoute(routeByName('Dashboard'), auto, false)).toBe('home')
    expect(decideRoute(routeByName('Dashboard'), auto, true)).toBe('render')
    expect(decideRoute(routeByName('Homepage'), auto, false)).toBe('render')
  })

  it('never renders a login-required route without a login, whatever the tenant', () => {
    for (const route of ROUTES.filter((r) => r.requiresLogin)) {
      for (const settings of [open, forced, auto])
        expect(decideRoute(route, settings, false)).not.toBe('render')
    }
  })
})
