import { SPEC_CATEGORY_PAGES, SPEC_FORCED_LOGIN_WHITELIST } from '@/tests/support/spec'
import { forcedLoginApplies, forcedLoginPaths } from './forced-login'
import { buildPath, routeByName, ROUTES } from './table'

const open = { IsAutologin: false, ModuleErzwingeLogin: false }
const forced = { IsAutologin: false, ModuleErzwingeLogin: true }

/** A route's path with every parameter filled in. */
const pathOf = (name: Parameters<typeof routeByName>[0]) =>
  buildPath(name, {
    produktId: 462,
    empfehlungsnummer: 'AB12CD34EF',
    praemieid: 'x1',
    adminLoginToken: 't',
    ansicht: 'stammdaten',
  })

describe('forcedLoginApplies (SPEC §2.4, ModuleErzwingeLogin)', () => {
  it('closes nothing on an open tenant', () => {
    for (const route of ROUTES) expect(forcedLoginApplies(pathOf(route.name), open)).toBe(false)
    for (const page of SPEC_CATEGORY_PAGES) expect(forcedLoginApplies(`/${page}`, open)).toBe(false)
    expect(forcedLoginPaths(open)).toEqual([])
  })

  it('keeps the whitelist open (Logout needs a login of its own)', () => {
    for (const name of SPEC_FORCED_LOGIN_WHITELIST.filter((n) => n !== 'Logout')) {
      expect([name, forcedLoginApplies(pathOf(name), forced)]).toEqual([name, false])
    }
  })

  it('closes home, the category pages of §2.3 and every other route off the whitelist', () => {
    for (const name of [
      'Homepage',
      'Recommendation',
      'Click',
      'Thanks',
      'RewardOverview',
      'Dashboard',
    ] as const)
      expect([name, forcedLoginApplies(pathOf(name), forced)]).toEqual([name, true])
    for (const page of SPEC_CATEGORY_PAGES) {
      expect([page, forcedLoginApplies(`/${page}`, forced)]).toEqual([page, true])
      expect(forcedLoginApplies(`/${page}/`, forced)).toBe(true)
    }
  })

  it('leaves unknown paths to the 404 page, which stays open', () => {
    expect(forcedLoginApplies('/gibt-es-nicht', forced)).toBe(false)
    expect(forcedLoginApplies('/internet/gibt-es-nicht', forced)).toBe(false)
  })

  it('lists the closed paths as route patterns: the routes off the whitelist and the category pages', () => {
    const paths = forcedLoginPaths(forced)
    expect(paths).toContain('/')
    expect(paths).toContain('/empfehlen/{produktId}')
    expect(paths).toContain('/smartphones.html')
    expect(paths).not.toContain('/faq')
    expect(paths).not.toContain('/login')
    expect(paths).not.toContain('/exklusiv')
    expect(new Set(paths).size).toBe(paths.length)
  })
})
