/**
 * The route table: every route of SPEC §2.1 with its logical name, path pattern and flags.
 * It is the one place that knows paths and guards; every link, redirect and guard uses it, and the
 * main API serves it at GET /api/v1/{tenant}/route/default.
 */

export type RouteFlags = {
  /** Needs a logged-in referrer (SPEC §2.2, §6). */
  requiresLogin: boolean
  /** Disabled for autologin tenants: goes to / (SPEC §2.4, §6). */
  disabledUnderAutologin: boolean
  /** Reachable without login on ModuleErzwingeLogin tenants (SPEC §2.4 whitelist). */
  forcedLoginWhitelist: boolean
  /** Public page whose HTML is the same for every visitor, so it is rendered once and cached. */
  cacheable: boolean
}

export type RouteDef = RouteFlags & {
  name: RouteName
  /** Further logical names the SPEC uses for the same page. */
  aliases?: readonly RouteName[]
  /** Path after the tenant (and locale) prefix; `{param}` marks a parameter. */
  path: string
  /** Redirects elsewhere instead of rendering (exklusiv, exclusiv → code). */
  redirectTo?: RouteName
  /**
   * A screen only tenants whose settings offer it have (a module, SPEC §3); elsewhere it does not exist:
   * not in the tenant's route table, and not found (applyRouteRules, or the cached page itself).
   */
  offeredWhen?: (settings: RouteSettings) => boolean
}

/** What the route table needs of a tenant's settings. */
export type RouteSettings = Partial<
  Record<
    'ModuleCompanyRecommendation' | 'ModuleAgentRecommendation' | 'BarrierefreiheitserklaerungEnabled',
    boolean
  >
> & { RewardKinds?: readonly string[] }

export const ROUTE_NAMES = [
  'Homepage',
  'Registration',
  'Recommendation',
  'Login',
  'RecipientTOSConsent',
  'BankDetails',
  'SetPassword',
  'Dashboard',
  'Settings',
  'Reward',
  'Click',
  'RecipientData',
  'Thanks',
  'Logout',
  'Code',
  'ForgotPassword',
  'ChangePassword',
  'AgentRecommendations',
  'Confirmation',
  'RecipientConfirmation',
  'ExpiredRecommendation',
  'RewardDetails',
  'RecipientConsent',
  'BankDetailsRecipient',
  'BankDetailsRecommender',
  'Imprint',
  'Privacy',
  'TOS',
  'Faq',
  'Contact',
  'NewsletterRecommenderOptOut',
  'NewsletterRecommenderOptIn',
  'RecommendEmployee',
  'RewardOverview',
  'RewardThanks',
  'CustomerNumber',
  'FileNotFound',
  'Admin',
  // Routes of §2.1 the SPEC names no logical name for
  'GoodwillThanks',
  'Accessibility',
  'SingleSignOn',
  // The customer's side of an agency's invitation (SPEC §7.1 Einladung/daten): the mailed link opens it
  'Invitation',
  // The agency area (SPEC §2.2 agency area tabs, §6): its entry and one address per view
  'AgencyArea',
  'AgencyView',
  'Exklusiv',
  'Exclusiv',
] as const

export type RouteName = (typeof ROUTE_NAMES)[number]

const base: RouteFlags = {
  requiresLogin: false,
  disabledUnderAutologin: false,
  forcedLoginWhitelist: false,
  cacheable: false,
}

function route(
  name: RouteName,
  path: string,
  flags: Partial<RouteFlags> & Pick<RouteDef, 'aliases' | 'redirectTo' | 'offeredWhen'> = {},
): RouteDef {
  return { ...base, name, path, ...flags }
}

const open = { forcedLoginWhitelist: true } as const
const personal = { requiresLogin: true } as const
const account = { disabledUnderAutologin: true, forcedLoginWhitelist: true } as const

export const ROUTES: readonly RouteDef[] = [
  route('Homepage', '/', { cacheable: true }),
  route('Registration', '/registrieren', account),
  route('Recommendation', '/empfehlen/{produktId}'),
  route('Login', '/login', account),
  route('Admin', '/login/{adminLoginToken}', open),
  route('Logout', '/logout', {
    requiresLogin: true,
    disabledUnderAutologin: true,
    forcedLoginWhitelist: true,
  }),
  route('RecipientTOSConsent', '/empfaenger/zustimmung', { aliases: ['RecipientConsent'] }),
  route('BankDetails', '/bankdaten', { ...open, aliases: ['BankDetailsRecipient'] }),
  route('SetPassword', '/passwortsetzen', account),
  route('Dashboard', '/persoenlicherbereich', personal),
  route('Settings', '/meinedaten', { ...personal, disabledUnderAutologin: true }),
  route('Reward', '/praemie', open),
  route('RewardDetails', '/praemie/{praemieid}', open),
  route('Click', '/empfehlung/{empfehlungsnummer}'),
  route('RecipientData', '/empfaengerdaten/{empfehlungsnummer}', open),
  route('Thanks', '/danke'),
  route('Code', '/code', { ...open, cacheable: true }),
  route('Exklusiv', '/exklusiv', { ...open, redirectTo: 'Code' }),
  route('Exclusiv', '/exclusiv', { ...open, redirectTo: 'Code' }),
  route('ForgotPassword', '/passwortvergessen', account),
  route('ChangePassword', '/passwortaendern', { ...personal, disabledUnderAutologin: true }),
  route('AgentRecommendations', '/agent/empfehlen/{produktId}', {
    offeredWhen: (s) => s.ModuleAgentRecommendation === true,
  }),
  route('Confirmation', '/bestaetigung'),
  route('RecipientConfirmation', '/empfaengerbestaetigung'),
  route('ExpiredRecommendation', '/empfehlungabgelaufen'),
  route('BankDetailsRecommender', '/empfehler/bankdaten', personal),
  route('Imprint', '/impressum', { ...open, cacheable: true }),
  route('Privacy', '/datenschutz', { ...open, cacheable: true }),
  route('TOS', '/agb', { ...open, cacheable: true }),
  route('Faq', '/faq', { ...open, cacheable: true }),
  route('Contact', '/kontakt', open),
  route('Accessibility', '/barrierefreiheitserklaerung', {
    ...open,
    cacheable: true,
    offeredWhen: (s) => s.BarrierefreiheitserklaerungEnabled !== false,
  }),
  route('NewsletterRecommenderOptOut', '/empfehler/newsletter/optout'),
  route('NewsletterRecommenderOptIn', '/empfehler/newsletter/optin'),
  route('RecommendEmployee', '/mitarbeiterempfehlen', {
    offeredWhen: (s) => s.ModuleCompanyRecommendation === true,
  }),
  route('RewardOverview', '/aktuellepraemienuebersicht', { cacheable: true }),
  // The thank-you after picking by the mailed link shows nothing personal, so a friend without login sees it.
  route('RewardThanks', '/praemiedanke', open),
  route('GoodwillThanks', '/kulanzdanke', personal),
  route('CustomerNumber', '/kundennummer', {
    ...personal,
    offeredWhen: (s) => s.RewardKinds?.includes('credit') === true,
  }),
  route('SingleSignOn', '/sso', open),
  route('Invitation', '/einladung', open),
  // Agency users sign in by single sign-on, not as referrers: reachable on forced-login tenants too.
  route('AgencyArea', '/agentur', open),
  route('AgencyView', '/agentur/{ansicht}', open),
  route('FileNotFound', '/404', { ...open, cacheable: true }),
]

/** Whether a tenant with these settings has the screen (offeredWhen). */
export function isOffered(route: RouteDef, settings: RouteSettings): boolean {
  return !route.offeredWhen || route.offeredWhen(settings)
}

/** The routes a tenant has. */
export function routesOf(settings: RouteSettings): RouteDef[] {
  return ROUTES.filter((r) => isOffered(r, settings))
}

const byName = new Map<RouteName, RouteDef>()
for (const r of ROUTES) {
  byName.set(r.name, r)
  for (const alias of r.aliases ?? []) byName.set(alias, r)
}

export function routeByName(name: RouteName): RouteDef {
  const found = byName.get(name)
  if (!found) throw new Error(`Unknown route ${name}`)
  return found
}

export type RouteParams = Record<string, string | number>

type CompiledRoute = { def: RouteDef; regex: RegExp; keys: string[] }

const compiled: CompiledRoute[] = ROUTES.map((def) => {
  const keys: string[] = []
  const pattern = def.path
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)\}$/.exec(segment)
      if (!m) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      keys.push(m[1]!)
      return '([^/]+)'
    })
    .join('/')
  const regex = def.path === '/' ? /^\/?$/ : new RegExp(`^${pattern}/?$`)
  return { def, regex, keys }
})

/** Finds the route of a path (without tenant and locale prefix). Static paths win over patterns. */
export function matchRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  const candidates = compiled.filter((c) => c.regex.test(path))
  const best = candidates.find((c) => c.keys.length === 0) ?? candidates[0]
  if (!best) return null
  const m = best.regex.exec(path)!
  const params: Record<string, string> = {}
  best.keys.forEach((key, i) => {
    params[key] = decodeURIComponent(m[i + 1]!)
  })
  return { route: best.def, params }
}

/** Fills a route's path pattern; every parameter is encoded as one path segment. */
export function buildPath(name: RouteName, params: RouteParams = {}): string {
  const def = routeByName(name)
  return def.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined || value === '') throw new Error(`Route ${name} needs parameter ${key}`)
    return encodeURIComponent(String(value))
  })
}
