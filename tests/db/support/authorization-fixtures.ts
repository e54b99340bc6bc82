import { readdirSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { handlerMeta, type HandlerMeta } from '@/lib/engine/http/api-handler'
import { methodNotAllowed } from '@/lib/engine/http/api-route'
import { optoutToken } from '@/lib/engine/referrers/newsletter'
import { statusOf, type ErrorCode } from '@/lib/shared/errors'
import { type RouteName } from '@/lib/routes/table'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { releaseRegisteredAccounts, type Tenant } from './accounts'
import { claimsOf, type ApiResponse } from './http'
import { uniqueTestEmail } from './mailbox'
import { castPrincipals, OTHER_TENANT_PRODUCT, type Cast, type Principal } from './principals'

// The authorization matrix (issue 15): every main-API call, every BFF route of the portal and every
// portal screen, asked by every kind of caller, answers as its own declaration says. Nothing here is
// written per route: the calls come from the route files on disk and the options each handler declared
// to apiHandler (handlerMeta), the screens from the route table (lib/routes/table.ts) and its rules
// (lib/routes/rules.ts). What the declarations cannot know is in small tables below, each checked in
// both directions: a route file, method, path parameter or screen without an entry fails the test, and
// so does an entry nothing uses any more.

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
export type Method = (typeof METHODS)[number]

/** Codes an answer refuses the caller with: 'not refused by auth' means none of these as 401 or 403. */
export const AUTH_CODES = new Set<string>([
  'PSOF0204',
  'NichtAuthorisiert',
  'BankdatenNichtAutorisiert',
  'PraemieTokenUngueltig',
  'LoginFirst',
])

/** Requests in flight at once. */
export const CONCURRENCY = 8

// ---------------------------------------------------------------------------------------------------
// Discovery

export type RouteFile = { file: string; key: string; segments: string[] }

export function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return routeFiles(full)
      return /^route\.tsx?$/.test(entry.name) ? [full] : []
    })
    .sort()
}

/** "app/api/v1/[tenant]/account/login/route.ts" → key "[tenant]/account/login" (under its root). */
export function routeFile(file: string, root: string): RouteFile {
  const key = path.relative(root, path.dirname(file)).split(path.sep).join('/')
  return { file, key, segments: key.split('/') }
}

/** The name of a path segment's parameter ("[id]", "[[...rest]]"), or null for a plain segment. */
export function paramOf(segment: string): string | null {
  return /^\[\[?(?:\.\.\.)?(\w+)\]\]?$/.exec(segment)?.[1] ?? null
}

export function fillPath(base: string, route: RouteFile, value: (param: string) => string): string {
  return `${base}/${route.segments
    .map((segment) => {
      const param = paramOf(segment)
      return param === null ? segment : value(param)
    })
    .join('/')}`
}

export const API_ROOT = 'app/api/v1'
export const API_FILES = routeFiles(API_ROOT).map((file) => routeFile(file, API_ROOT))
export const BFF_FILES = routeFiles('app/api')
  .filter((file) => !file.startsWith(`${API_ROOT}/`))
  .map((file) => routeFile(file, 'app/api'))

// ---------------------------------------------------------------------------------------------------
// What the declarations cannot know

/**
 * Main-API handlers not made by apiHandler, with the callers they admit (in apiHandler's terms) and why
 * they stand outside the wrapper. Their own check is what the matrix then tests.
 */
export const OUTSIDE_WRAPPER: Record<string, { auth: HandlerMeta['auth'] | 'anyone'; why: string }> = {
  'PUT mandant/[tenant]': {
    auth: 'operator',
    why: 'creates a tenant that does not exist yet, which apiHandler answers with MandantUnbekannt',
  },
  // 'anyone': answers every caller alike, a sent token unread (there is no tenant to verify it against).
  'GET openapi.json': { auth: 'anyone', why: "the API's description: of no tenant, nothing in it private" },
}

/**
 * A sample per path-parameter name, so each call reaches its handler. Real objects where the answer
 * depends on them: A's recommendation (nr, hex, code), the friend's recommendation for the recipient's
 * reward. A reward id is a dummy on purpose: praemierungmail/{id} mails the reward link anew with a new
 * token, which would end the reward-link principal's token in the middle of the matrix.
 */
export const API_PARAMS: Record<string, (cast: Cast, route: string) => string> = {
  tenant: () => 'demo',
  nr: (c) => c.a.nr,
  hex: (c) => c.a.hex,
  code: (c) => c.a.code ?? 'ABCD2345',
  id: (c, route) => (route === '[tenant]/empfaenger/[id]/praemie' ? c.a.nr : '1'),
  email: () => NOBODY,
  kundennummer: () => '1234567890',
  agentur: () => 'matrix',
  lang: () => 'de',
  key: () => 'impressum',
  name: () => 'MatrixVariable',
  rest: () => 'gibt-es-nicht',
  // agentur/auftragfreigeben/{Auftragsnummer}/{Empfehlungsnummer}: an order nobody has.
  a: () => 'T-MATRIX',
  b: (c) => c.a.nr,
  // agentur/abrechnungen/{Monat}: the current month.
  monat: () => new Date().toISOString().slice(0, 7),
}
export const NOBODY = uniqueTestEmail('matrix-niemand')

/**
 * Input where a dummy would make the handler decide on something other than the caller: the order
 * link needs a consenting recipient of the recommendation, the newsletter opt-out the mailed link's
 * token (without one it asks for a referrer session itself), and picking a reward checks a reward
 * link's token only after the body (a well-formed pick of a reward nobody has, so nothing is picked).
 */
export const API_INPUTS: Record<string, (cast: Cast) => { query?: Record<string, string>; body?: unknown }> =
  {
    'GET [tenant]/empfehlung/[nr]/produkt/produktlink': (c) => ({
      query: { empfaengernummer: c.friend.empfaengernummer },
    }),
    'PUT [tenant]/empfehler/newsletter/optout': (c) => ({
      body: { Token: optoutToken(claimsOf(c.a.token).sub) },
    }),
    'PUT [tenant]/praemierung': () => ({ body: { PraemieId: '0000000000', Auswahl: 'Gutschein' } }),
  }

/**
 * Calls that end the calling referrer's session when they succeed: referrer A asks them with a
 * throw-away account's token, so A's session stands for every other call. The matrix checks after
 * every batch that it still does, so a call missing here cannot go unnoticed.
 */
export const SESSION_ENDING = new Set(['POST [tenant]/account/logout', 'DELETE [tenant]/empfehler/delete'])

export type BffRule =
  /** Answers anyone (no login involved): never refuses. */
  | 'public'
  /** Developer tools: open while the server runs with DEV_TOOLS=true, as the suite's server does. */
  | 'devTools'
  /** The browser's login state: loggedIn only for a live session of this tenant. */
  | 'loginState'
  /** Only for a live session of this tenant; anyone else gets 404. */
  | 'session'
  /** Only the server's calls to itself (lib/shared/internal-call.ts): every browser gets 404. */
  | 'internal'
  /**
   * Only for a live agency session (agency-reports.test.ts, the agency e2e specs): no browser of the
   * matrix has one, so each is sent to the agency sign-in (303), never answered.
   */
  | 'agencySession'

/** The portal's own routes under app/api (outside the main API), by path and method. */
export const BFF: Record<string, Partial<Record<Method, BffRule>>> = {
  'dev/captcha/[id]': { GET: 'devTools' },
  'dev/mailbox': { GET: 'devTools' },
  'dev/schreibstand': { GET: 'devTools' },
  'dev/zurueckdatieren/[tenant]/[nr]': { PUT: 'devTools' },
  'dev/demokatalog/[tenant]': { PUT: 'devTools' },
  'login-policy/[tenant]': { GET: 'public' },
  'recipient/[tenant]': { DELETE: 'public' },
  // The agency session's state: a referrer's browser has none ({ active: false }); agency-sso.test.ts
  // asks it with agency sessions.
  'agency-session/[tenant]': { GET: 'public' },
  'agency-export/[tenant]/[report]': { GET: 'agencySession' },
  'agency-statement/[tenant]/[monat]/[format]': { GET: 'agencySession' },
  'dashboard/[tenant]': { GET: 'session' },
  'internal/tenant-change': { POST: 'internal' },
  'session/[tenant]': { GET: 'loginState' },
  'story/[tenant]/[nr]': { GET: 'session' },
  'tracking/[tenant]': { POST: 'public' },
  'visit/[tenant]/[nr]': { POST: 'public' },
}

export const BFF_PARAMS: Record<string, (cast: Cast) => string> = {
  tenant: () => 'demo',
  nr: (c) => c.a.nr,
  id: () => randomUUID(),
  report: () => 'auftraege',
  monat: () => new Date().toISOString().slice(0, 7),
  format: () => 'pdf',
}

/**
 * What a screen does once the navigation rules (lib/routes/rules.ts) let the visitor in: its page (200),
 * the not-found page (404: the tenant does not offer it), a redirect elsewhere, or one to the tenant's
 * OpenID provider (`provider`: the single sign-on's start).
 */
export type Shown = 'page' | 'notFound' | 'provider' | { redirect: RouteName }
export type ScreenCase = {
  shown: Shown | ((s: { settings: TenantSettings; loggedIn: boolean }) => Shown)
  why?: string
}

/** Every screen of the route table. */
export const SCREENS: Record<string, ScreenCase> = {
  Homepage: { shown: 'page' },
  Registration: { shown: 'page' },
  Recommendation: { shown: 'page' },
  Login: {
    shown: ({ loggedIn }) => (loggedIn ? { redirect: 'Dashboard' } : 'page'),
    why: 'a logged-in visitor goes on where the login would have led: the personal area',
  },
  Admin: { shown: 'page', why: 'an admin login link is used also by a logged-in browser' },
  Logout: { shown: 'page', why: 'asks first; logging out is the form, not the page' },
  RecipientTOSConsent: { shown: 'page' },
  BankDetails: { shown: 'page' },
  SetPassword: { shown: 'page' },
  Dashboard: { shown: 'page' },
  Settings: { shown: 'page' },
  Reward: { shown: 'page' },
  RewardDetails: { shown: 'page' },
  Click: { shown: 'page' },
  RecipientData: { shown: 'page' },
  Thanks: { shown: 'page' },
  Code: { shown: 'page' },
  Exklusiv: { shown: { redirect: 'Code' } },
  Exclusiv: { shown: { redirect: 'Code' } },
  ForgotPassword: { shown: 'page' },
  ChangePassword: { shown: 'page' },
  AgentRecommendations: {
    shown: ({ settings }) => (settings.ModuleAgentRecommendation ? 'page' : 'notFound'),
    why: 'EmpfehlenAgent exists only under ModuleAgentRecommendation',
  },
  Confirmation: {
    shown: { redirect: 'Homepage' },
    why: 'without ?token=, ?empfehlung= or a pending opt-in there is nothing to confirm',
  },
  RecipientConfirmation: {
    shown: { redirect: 'Code' },
    why: 'without the mailed token the friend is asked for the recommendation code',
  },
  ExpiredRecommendation: { shown: 'page' },
  BankDetailsRecommender: { shown: 'page' },
  Imprint: {
    shown: ({ settings }) => (settings.ModuleAdv ? { redirect: 'Homepage' } : 'page'),
    why: 'SPEC §2.4: /impressum goes to / under ModuleAdv',
  },
  Privacy: { shown: 'page' },
  TOS: { shown: 'page' },
  Faq: { shown: 'page' },
  Contact: { shown: 'page' },
  Accessibility: {
    shown: ({ settings }) => (settings.BarrierefreiheitserklaerungEnabled ? 'page' : 'notFound'),
  },
  NewsletterRecommenderOptOut: { shown: 'page' },
  NewsletterRecommenderOptIn: { shown: 'page' },
  RecommendEmployee: {
    shown: ({ settings }) => (settings.ModuleCompanyRecommendation ? 'page' : 'notFound'),
    why: 'the employee form exists only under ModuleCompanyRecommendation',
  },
  RewardOverview: { shown: 'page' },
  RewardThanks: { shown: 'page' },
  GoodwillThanks: { shown: 'page' },
  CustomerNumber: {
    shown: ({ settings }) => (settings.RewardKinds.includes('credit') ? 'page' : 'notFound'),
    why: 'only where rewards can be credited to a customer number',
  },
  SingleSignOn: { shown: 'provider', why: "starts the agency sign-in at the tenant's OpenID provider" },
  AgencyArea: { shown: 'page', why: 'the agency sign-in: a referrer has no agency session' },
  AgencyView: {
    shown: { redirect: 'AgencyArea' },
    why: 'without an agency session a view leads to the agency sign-in',
  },
  Invitation: {
    shown: 'page',
    why: "an invitation's page: without a valid link it says so and leads to the product choice",
  },
  FileNotFound: { shown: 'notFound' },
}

/** Samples of the screens' path parameters: objects of the tenant whose screen is asked. */
export const SCREEN_PARAMS: Record<string, (cast: Cast, tenant: Tenant) => string> = {
  produktId: (_, t) => (t === 'demo' ? '462' : String(OTHER_TENANT_PRODUCT)),
  empfehlungsnummer: (c, t) => (t === 'demo' ? c.a.nr : c.other.nr),
  praemieid: (c, t) => (t === 'demo' ? c.rewardId : '1'),
  adminLoginToken: () => 'a'.repeat(43),
  ansicht: () => 'stammdaten',
}

/** Pages outside the tenant screens (app/(…)/…/page.tsx), by path pattern. */
export const OTHER_PAGES: Record<string, 'public' | 'devTools'> = {
  '/status': 'public',
  '/dev/mailbox': 'devTools',
  '/dev/mailbox/[id]': 'devTools',
}

// ---------------------------------------------------------------------------------------------------
// Expected answers

export type Expected = 'allowed' | { status: number; code: ErrorCode }
export const OPAQUE = new Set<Principal>(['rewardLink', 'operator', 'provider'])
export const refused = (code: ErrorCode): Expected => ({ status: statusOf(code), code })

/** The signed token a principal sends, as the wrapper reads it: its role, and whether it still speaks. */
export const SIGNED: Partial<
  Record<Principal, { role: 'referrer' | 'recipient'; tenant: 'own' | 'other'; live: boolean }>
> = {
  referrer: { role: 'referrer', tenant: 'own', live: true },
  recipient: { role: 'recipient', tenant: 'own', live: true },
  loggedOut: { role: 'referrer', tenant: 'own', live: false },
  passwordChanged: { role: 'referrer', tenant: 'own', live: false },
  locked: { role: 'referrer', tenant: 'own', live: false },
  deleted: { role: 'referrer', tenant: 'own', live: false },
  otherTenant: { role: 'referrer', tenant: 'other', live: true },
}

/**
 * What a call declared `meta` answers a principal, derived from apiHandler's documented order: the
 * kind of key a call takes, then a token's signature and tenant (401), its role (403, before the
 * session is looked up), and whether its session still stands (401).
 */
export function expectedOf(meta: HandlerMeta, principal: Principal): Expected {
  const refuse = (code: ErrorCode = 'PSOF0204') => refused(meta.authError ?? code)
  if (meta.auth === 'operator') return principal === 'operator' ? 'allowed' : refuse()
  if (meta.auth === 'provider')
    return principal === 'operator' || principal === 'provider' ? 'allowed' : refuse()
  // A server that proves itself in the handler (the content webhook's shared secret): none of ours does.
  if (meta.fromServer) return refuse()
  if (meta.rewardToken && OPAQUE.has(principal)) {
    // Passed on as a reward link's token; only the reward link's own is one.
    return principal === 'rewardLink' ? 'allowed' : refused('PraemieTokenUngueltig')
  }
  if (principal === 'anonymous') return meta.auth === 'public' ? 'allowed' : refuse()
  const token = SIGNED[principal]
  // Keys that are no token of ours, and another tenant's token: refused everywhere, public calls too.
  if (!token || token.tenant === 'other') return refuse()
  if (meta.auth !== 'public' && !meta.auth.includes(token.role)) return refuse('NichtAuthorisiert')
  return token.live ? 'allowed' : refuse()
}

export function verdict(expected: Expected, response: ApiResponse): string | null {
  const code = (response.json as { Code?: unknown } | null)?.Code
  const seen = `${response.status} ${typeof code === 'string' ? code : response.text.slice(0, 60)}`
  if (response.status >= 500) return seen
  if (expected === 'allowed') {
    const refusal = (response.status === 401 || response.status === 403) && AUTH_CODES.has(String(code))
    return refusal ? seen : null
  }
  return response.status === expected.status && code === expected.code ? null : seen
}

export const describeExpected = (e: Expected) => (e === 'allowed' ? 'not refused' : `${e.status} ${e.code}`)

export async function inBatches<T>(
  items: T[],
  each: (item: T) => Promise<void>,
  after?: () => Promise<void>,
) {
  for (let i = 0; i < items.length; i += CONCURRENCY) {
    await Promise.all(items.slice(i, i + CONCURRENCY).map(each))
    await after?.()
  }
}

// ---------------------------------------------------------------------------------------------------

export let cast: Cast
export let discovered: { calls: ApiCall[]; unknown: string[] }

beforeAll(async () => {
  // The route modules first. Loading them blocks the event loop for seconds, in which the server
  // closes idle keep-alive connections; a moment's pause lets the connection pool see that before the
  // next request would pick a closed one ("other side closed").
  discovered = await mainApiCalls()
  await new Promise((resolve) => setTimeout(resolve, 200))
  cast = await castPrincipals()
}, 180_000)

afterAll(async () => {
  await cast?.release()
  await releaseRegisteredAccounts()
}, 120_000)

export type ApiCall = {
  route: RouteFile
  method: Method
  meta: HandlerMeta | 'methodNotAllowed' | 'anyone'
  label: string
}

/** Every method of every main-API route file with what it declared; unknown handlers are listed. */
export async function mainApiCalls(): Promise<{ calls: ApiCall[]; unknown: string[] }> {
  const calls: ApiCall[] = []
  const unknown: string[] = []
  for (const route of API_FILES) {
    const exports = (await import(path.resolve(route.file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function' && !(METHODS as readonly string[]).includes(name))
        unknown.push(`${route.file} exports ${name}, a method the matrix does not know`)
    }
    for (const method of METHODS) {
      const handler = exports[method]
      const label = `${method} ${route.key}`
      const meta = handlerMeta(handler)
      const outside = OUTSIDE_WRAPPER[label]
      if (meta && outside) unknown.push(`${label} is made by apiHandler: remove it from OUTSIDE_WRAPPER`)
      if (meta) calls.push({ route, method, meta, label })
      else if (handler === methodNotAllowed) calls.push({ route, method, meta: 'methodNotAllowed', label })
      else if (outside?.auth === 'anyone') calls.push({ route, method, meta: 'anyone', label })
      else if (outside)
        calls.push({ route, method, meta: { auth: outside.auth, body: true, query: false }, label })
      else
        unknown.push(`${label}: ${handler === undefined ? 'not exported' : 'a handler without declaration'}`)
    }
  }
  return { calls, unknown }
}

// ---------------------------------------------------------------------------------------------------
// The portal: its routes under app/api and its screens
