import { buildPath, matchRoute, ROUTE_NAMES, routeByName, ROUTES, type RouteName } from './table'
import { SPEC_FORCED_LOGIN_WHITELIST, SPEC_LOGICAL_NAMES } from '@/tests/support/spec'

/** SPEC §2.1: every path with the logical name it is served under (and a concrete sample path). */
const SPEC_ROUTES: [pattern: string, name: RouteName, sample: string][] = [
  ['/', 'Homepage', '/'],
  ['/danke', 'Thanks', '/danke'],
  ['/persoenlicherbereich', 'Dashboard', '/persoenlicherbereich'],
  ['/meinedaten', 'Settings', '/meinedaten'],
  ['/login', 'Login', '/login'],
  ['/login/{adminLoginToken}', 'Admin', '/login/abc123'],
  ['/logout', 'Logout', '/logout'],
  ['/code', 'Code', '/code'],
  ['/passwortvergessen', 'ForgotPassword', '/passwortvergessen'],
  ['/passwortaendern', 'ChangePassword', '/passwortaendern'],
  ['/passwortsetzen', 'SetPassword', '/passwortsetzen'],
  ['/empfehlen/{produktId}', 'Recommendation', '/empfehlen/462'],
  ['/agent/empfehlen/{produktId}', 'AgentRecommendations', '/agent/empfehlen/462'],
  ['/bestaetigung', 'Confirmation', '/bestaetigung'],
  ['/empfehlung/{empfehlungsnummer}', 'Click', '/empfehlung/E-1001'],
  ['/empfaengerbestaetigung', 'RecipientConfirmation', '/empfaengerbestaetigung'],
  ['/empfehlungabgelaufen', 'ExpiredRecommendation', '/empfehlungabgelaufen'],
  ['/empfaengerdaten/{empfehlungsnummer}', 'RecipientData', '/empfaengerdaten/E-1001'],
  ['/praemie', 'Reward', '/praemie/'],
  ['/praemie/{praemieid}', 'RewardDetails', '/praemie/7'],
  ['/empfaenger/zustimmung', 'RecipientTOSConsent', '/empfaenger/zustimmung'],
  ['/bankdaten', 'BankDetails', '/bankdaten'],
  ['/empfehler/bankdaten', 'BankDetailsRecommender', '/empfehler/bankdaten'],
  ['/impressum', 'Imprint', '/impressum'],
  ['/datenschutz', 'Privacy', '/datenschutz'],
  ['/agb', 'TOS', '/agb'],
  ['/faq', 'Faq', '/faq'],
  ['/kontakt', 'Contact', '/kontakt'],
  ['/empfehler/newsletter/optout', 'NewsletterRecommenderOptOut', '/empfehler/newsletter/optout'],
  ['/empfehler/newsletter/optin', 'NewsletterRecommenderOptIn', '/empfehler/newsletter/optin'],
  ['/registrieren', 'Registration', '/registrieren'],
  ['/mitarbeiterempfehlen', 'RecommendEmployee', '/mitarbeiterempfehlen'],
  ['/aktuellepraemienuebersicht', 'RewardOverview', '/aktuellepraemienuebersicht'],
  ['/praemiedanke', 'RewardThanks', '/praemiedanke'],
  ['/kulanzdanke', 'GoodwillThanks', '/kulanzdanke'],
  ['/kundennummer', 'CustomerNumber', '/kundennummer'],
  ['/404', 'FileNotFound', '/404'],
  ['/barrierefreiheitserklaerung', 'Accessibility', '/barrierefreiheitserklaerung'],
  ['/sso', 'SingleSignOn', '/sso'],
  ['/exklusiv', 'Exklusiv', '/exklusiv'],
  ['/exclusiv', 'Exclusiv', '/exclusiv'],
]

const namesWhere = (flag: 'requiresLogin' | 'disabledUnderAutologin' | 'forcedLoginWhitelist') =>
  ROUTES.filter((r) => r[flag])
    .map((r) => r.name)
    .sort()

describe('route table', () => {
  it.each(SPEC_ROUTES)('serves %s as %s', (pattern, name, sample) => {
    expect(routeByName(name).path).toBe(pattern)
    expect(matchRoute(sample)?.route.name).toBe(name)
  })

  it('has a route for every logical name of SPEC §2.1, aliases included', () => {
    for (const name of SPEC_LOGICAL_NAMES) {
      expect(ROUTE_NAMES).toContain(name)
      expect(() => routeByName(name)).not.toThrow()
    }
    expect(routeByName('RecipientConsent').name).toBe('RecipientTOSConsent')
    expect(routeByName('BankDetailsRecipient').name).toBe('BankDetails')
  })

  it('has one definition per name and per path', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length)
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length)
    // The SPEC's routes, the agency area's entry and views (SPEC §2.2 agency area tabs) and the page an
    // agency's invitation mail opens (§7.1 Einladung/daten).
    expect(ROUTES).toHaveLength(SPEC_ROUTES.length + 3)
  })

  it('redirects exklusiv and exclusiv to the code page', () => {
    expect(routeByName('Exklusiv').redirectTo).toBe('Code')
    expect(routeByName('Exclusiv').redirectTo).toBe('Code')
  })

  it('asks for login on the personal routes only (SPEC §2.2, §6)', () => {
    expect(namesWhere('requiresLogin')).toEqual(
      [
        'BankDetailsRecommender',
        'ChangePassword',
        'CustomerNumber',
        'Dashboard',
        'GoodwillThanks',
        'Logout',
        'Settings',
      ].sort(),
    )
  })

  it('disables the account routes under autologin (SPEC §2.4)', () => {
    expect(namesWhere('disabledUnderAutologin')).toEqual(
      [
        'ChangePassword',
        'ForgotPassword',
        'Login',
        'Logout',
        'Registration',
        'SetPassword',
        'Settings',
      ].sort(),
    )
  })

  it('whitelists exactly the SPEC §2.4 routes for forced-login tenants, plus admin login, SSO return, the agency area, the reward thank-you and the invitation', () => {
    // PraemieDanke follows "reward data" (whitelisted) for a friend who has no login, and shows nothing personal.
    // An invitation's page is for a person who has no login yet, like the registration it leads to.
    expect(namesWhere('forcedLoginWhitelist')).toEqual(
      [
        ...SPEC_FORCED_LOGIN_WHITELIST,
        'Admin',
        'SingleSignOn',
        'AgencyArea',
        'AgencyView',
        'RewardThanks',
        'Invitation',
      ].sort(),
    )
  })

  it('never marks a personal route as cacheable', () => {
    for (const r of ROUTES) if (r.requiresLogin) expect(r.cacheable).toBe(false)
  })

  it('throws for an unknown name', () => {
    expect(() => routeByName('Nope' as RouteName)).toThrow('Unknown route Nope')
  })
})

describe('matchRoute', () => {
  it('lets static paths win over patterns that also match', () => {
    for (const r of ROUTES.filter((route) => !route.path.includes('{'))) {
      expect(matchRoute(r.path)?.route.name).toBe(r.name)
    }
    expect(matchRoute('/login')?.route.name).toBe('Login')
    expect(matchRoute('/login/tok3n')).toEqual({
      route: routeByName('Admin'),
      params: { adminLoginToken: 'tok3n' },
    })
    expect(matchRoute('/praemie')?.route.name).toBe('Reward')
    expect(matchRoute('/praemie/12')).toEqual({
      route: routeByName('RewardDetails'),
      params: { praemieid: '12' },
    })
  })

  it('accepts a trailing slash and decodes parameters', () => {
    expect(matchRoute('/faq/')?.route.name).toBe('Faq')
    expect(matchRoute('/empfehlen/a%20b')?.params).toEqual({ produktId: 'a b' })
    expect(matchRoute('')?.route.name).toBe('Homepage')
  })

  it('finds nothing for unknown paths, missing or extra segments', () => {
    for (const path of [
      '/unbekannt',
      '/empfehlen',
      '/empfehlen/1/2',
      '/FAQ',
      '/faq.html',
      '/demo/faq',
      '//faq',
    ]) {
      expect(matchRoute(path)).toBeNull()
    }
  })
})

describe('buildPath', () => {
  it('fills parameters and encodes each as one path segment', () => {
    expect(buildPath('Homepage')).toBe('/')
    expect(buildPath('Recommendation', { produktId: 462 })).toBe('/empfehlen/462')
    expect(buildPath('Recommendation', { produktId: 'a/b?c#d e' })).toBe('/empfehlen/a%2Fb%3Fc%23d%20e')
    expect(buildPath('Admin', { adminLoginToken: '../x' })).toBe('/login/..%2Fx')
  })

  it('round-trips through matchRoute', () => {
    const path = buildPath('RecipientData', { empfehlungsnummer: 'ä/ö 1' })
    expect(matchRoute(path)).toEqual({
      route: routeByName('RecipientData'),
      params: { empfehlungsnummer: 'ä/ö 1' },
    })
  })

  it('refuses a missing or empty parameter', () => {
    expect(() => buildPath('Recommendation')).toThrow('Route Recommendation needs parameter produktId')
    expect(() => buildPath('Recommendation', { produktId: '' })).toThrow('needs parameter produktId')
  })

  it('resolves aliases to their route', () => {
    expect(buildPath('RecipientConsent')).toBe('/empfaenger/zustimmung')
    expect(buildPath('BankDetailsRecipient')).toBe('/bankdaten')
  })
})
