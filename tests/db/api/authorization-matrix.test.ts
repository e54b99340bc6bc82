import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { handlerMeta, type HandlerMeta } from '@/lib/engine/http/api-handler'
import { methodNotAllowed } from '@/lib/engine/http/api-route'
import { optoutToken } from '@/lib/engine/referrers/newsletter'
import { statusOf, type ErrorCode } from '@/lib/shared/errors'
import { CATEGORY_PAGES } from '@/lib/routes/category-pages'
import { CATEGORY_ROUTE_SEGMENT } from '@/lib/routes/category-table.mjs'
import { href, type PortalContext } from '@/lib/routes/href'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { decideRoute } from '@/lib/routes/rules'
import { buildPath, ROUTES, type RouteDef, type RouteName } from '@/lib/routes/table'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { registerAccount, releaseRegisteredAccounts, type Tenant } from '../support/accounts'
import { call, claimsOf, uniqueClientIp, type ApiResponse } from '../support/http'
import { uniqueTestEmail } from '../support/mailbox'
import {
  castPrincipals,
  ENDED,
  OTHER_TENANT_PRODUCT,
  PRINCIPALS,
  SHARED_NAMES,
  sessionCookie,
  type Cast,
  type Principal,
} from '../support/principals'
import { BASE_URL } from '../support/test-server'

// The authorization matrix (issue 15): every main-API call, every BFF route of the portal and every
// portal screen, asked by every kind of caller, answers as its own declaration says. Nothing here is
// written per route: the calls come from the route files on disk and the options each handler declared
// to apiHandler (handlerMeta), the screens from the route table (lib/routes/table.ts) and its rules
// (lib/routes/rules.ts). What the declarations cannot know is in small tables below, each checked in
// both directions: a route file, method, path parameter or screen without an entry fails the test, and
// so does an entry nothing uses any more.

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
type Method = (typeof METHODS)[number]

/** Codes an answer refuses the caller with: 'not refused by auth' means none of these as 401 or 403. */
const AUTH_CODES = new Set<string>([
  'PSOF0204',
  'NichtAuthorisiert',
  'BankdatenNichtAutorisiert',
  'PraemieTokenUngueltig',
  'LoginFirst',
])

/** Requests in flight at once. */
const CONCURRENCY = 8

// ---------------------------------------------------------------------------------------------------
// Discovery

type RouteFile = { file: string; key: string; segments: string[] }

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return routeFiles(full)
      return /^route\.tsx?$/.test(entry.name) ? [full] : []
    })
    .sort()
}

/** "app/api/v1/[tenant]/account/login/route.ts" → key "[tenant]/account/login" (under its root). */
function routeFile(file: string, root: string): RouteFile {
  const key = path.relative(root, path.dirname(file)).split(path.sep).join('/')
  return { file, key, segments: key.split('/') }
}

/** The name of a path segment's parameter ("[id]", "[[...rest]]"), or null for a plain segment. */
function paramOf(segment: string): string | null {
  return /^\[\[?(?:\.\.\.)?(\w+)\]\]?$/.exec(segment)?.[1] ?? null
}

function fillPath(base: string, route: RouteFile, value: (param: string) => string): string {
  return `${base}/${route.segments
    .map((segment) => {
      const param = paramOf(segment)
      return param === null ? segment : value(param)
    })
    .join('/')}`
}

const API_ROOT = 'app/api/v1'
const API_FILES = routeFiles(API_ROOT).map((file) => routeFile(file, API_ROOT))
const BFF_FILES = routeFiles('app/api')
  .filter((file) => !file.startsWith(`${API_ROOT}/`))
  .map((file) => routeFile(file, 'app/api'))

// ---------------------------------------------------------------------------------------------------
// What the declarations cannot know

/**
 * Main-API handlers not made by apiHandler, with the callers they admit (in apiHandler's terms) and why
 * they stand outside the wrapper. Their own check is what the matrix then tests.
 */
const OUTSIDE_WRAPPER: Record<string, { auth: HandlerMeta['auth'] | 'anyone'; why: string }> = {
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
const API_PARAMS: Record<string, (cast: Cast, route: string) => string> = {
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
}
const NOBODY = uniqueTestEmail('matrix-niemand')

/**
 * Input where a dummy would make the handler decide on something other than the caller: the order
 * link needs a consenting recipient of the recommendation, the newsletter opt-out the mailed link's
 * token (without one it asks for a referrer session itself), and picking a reward checks a reward
 * link's token only after the body (a well-formed pick of a reward nobody has, so nothing is picked).
 */
const API_INPUTS: Record<string, (cast: Cast) => { query?: Record<string, string>; body?: unknown }> = {
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
const SESSION_ENDING = new Set(['POST [tenant]/account/logout', 'DELETE [tenant]/empfehler/delete'])

type BffRule =
  /** Answers anyone (no login involved): never refuses. */
  | 'public'
  /** Developer tools: open while the server runs with DEV_TOOLS=true, as the suite's server does. */
  | 'devTools'
  /** The browser's login state: loggedIn only for a live session of this tenant. */
  | 'loginState'
  /** Only for a live session of this tenant; anyone else gets 404. */
  | 'session'

/** The portal's own routes under app/api (outside the main API), by path and method. */
const BFF: Record<string, Partial<Record<Method, BffRule>>> = {
  'dev/captcha/[id]': { GET: 'devTools' },
  'dev/mailbox': { GET: 'devTools' },
  'dev/schreibstand': { GET: 'devTools' },
  'dev/zurueckdatieren/[tenant]/[nr]': { PUT: 'devTools' },
  'login-policy/[tenant]': { GET: 'public' },
  'recipient/[tenant]': { DELETE: 'public' },
  'session/[tenant]': { GET: 'loginState' },
  'story/[tenant]/[nr]': { GET: 'session' },
  'tracking/[tenant]': { POST: 'public' },
  'visit/[tenant]/[nr]': { POST: 'public' },
}

const BFF_PARAMS: Record<string, (cast: Cast) => string> = {
  tenant: () => 'demo',
  nr: (c) => c.a.nr,
  id: () => randomUUID(),
}

/**
 * What a screen does once the navigation rules (lib/routes/rules.ts) let the visitor in: its page (200),
 * the not-found page (404: the tenant does not offer it), or a redirect elsewhere.
 */
type Shown = 'page' | 'notFound' | { redirect: RouteName }
type ScreenCase = {
  shown: Shown | ((s: { settings: TenantSettings; loggedIn: boolean }) => Shown)
  /** A route of the table without a screen yet: the unknown-path page sends everyone to /404. */
  absent?: true
  why?: string
}

/** Every screen of the route table. */
const SCREENS: Record<string, ScreenCase> = {
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
  AgentRecommendations: { shown: { redirect: 'FileNotFound' }, absent: true, why: 'agency area' },
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
  RecommendEmployee: { shown: { redirect: 'FileNotFound' }, absent: true, why: 'employee form' },
  RewardOverview: { shown: 'page' },
  RewardThanks: { shown: 'page' },
  GoodwillThanks: { shown: 'page' },
  CustomerNumber: {
    shown: ({ settings }) => (settings.RewardKinds.includes('credit') ? 'page' : 'notFound'),
    why: 'only where rewards can be credited to a customer number',
  },
  SingleSignOn: { shown: { redirect: 'FileNotFound' }, absent: true, why: 'single sign-on' },
  FileNotFound: { shown: 'notFound' },
}

/** Samples of the screens' path parameters: objects of the tenant whose screen is asked. */
const SCREEN_PARAMS: Record<string, (cast: Cast, tenant: Tenant) => string> = {
  produktId: (_, t) => (t === 'demo' ? '462' : String(OTHER_TENANT_PRODUCT)),
  empfehlungsnummer: (c, t) => (t === 'demo' ? c.a.nr : c.other.nr),
  praemieid: (c, t) => (t === 'demo' ? c.rewardId : '1'),
  adminLoginToken: () => 'a'.repeat(43),
}

/** Pages outside the tenant screens (app/(…)/…/page.tsx), by path pattern. */
const OTHER_PAGES: Record<string, 'public' | 'devTools'> = {
  '/status': 'public',
  '/dev/mailbox': 'devTools',
  '/dev/mailbox/[id]': 'devTools',
}

// ---------------------------------------------------------------------------------------------------
// Expected answers

type Expected = 'allowed' | { status: number; code: ErrorCode }
const OPAQUE = new Set<Principal>(['rewardLink', 'operator', 'provider'])
const refused = (code: ErrorCode): Expected => ({ status: statusOf(code), code })

/** The signed token a principal sends, as the wrapper reads it: its role, and whether it still speaks. */
const SIGNED: Partial<
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
function expectedOf(meta: HandlerMeta, principal: Principal): Expected {
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

function verdict(expected: Expected, response: ApiResponse): string | null {
  const code = (response.json as { Code?: unknown } | null)?.Code
  const seen = `${response.status} ${typeof code === 'string' ? code : response.text.slice(0, 60)}`
  if (response.status >= 500) return seen
  if (expected === 'allowed') {
    const refusal = (response.status === 401 || response.status === 403) && AUTH_CODES.has(String(code))
    return refusal ? seen : null
  }
  return response.status === expected.status && code === expected.code ? null : seen
}

const describeExpected = (e: Expected) => (e === 'allowed' ? 'not refused' : `${e.status} ${e.code}`)

async function inBatches<T>(items: T[], each: (item: T) => Promise<void>, after?: () => Promise<void>) {
  for (let i = 0; i < items.length; i += CONCURRENCY) {
    await Promise.all(items.slice(i, i + CONCURRENCY).map(each))
    await after?.()
  }
}

// ---------------------------------------------------------------------------------------------------

let cast: Cast
let discovered: { calls: ApiCall[]; unknown: string[] }

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

type ApiCall = {
  route: RouteFile
  method: Method
  meta: HandlerMeta | 'methodNotAllowed' | 'anyone'
  label: string
}

/** Every method of every main-API route file with what it declared; unknown handlers are listed. */
async function mainApiCalls(): Promise<{ calls: ApiCall[]; unknown: string[] }> {
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

describe('the authorization matrix of the main API', () => {
  it('knows every handler, path parameter and table entry', async () => {
    const { calls, unknown } = discovered
    expect(unknown).toEqual([])
    expect(calls.filter((c) => c.meta !== 'methodNotAllowed').length).toBeGreaterThan(90)
    const params = new Set(API_FILES.flatMap((r) => r.segments.map(paramOf).filter((p) => p !== null)))
    expect([...params].filter((p) => !(p in API_PARAMS))).toEqual([])
    expect(Object.keys(API_PARAMS).filter((p) => !params.has(p))).toEqual([])
    const labels = new Set(calls.filter((c) => c.meta !== 'methodNotAllowed').map((c) => c.label))
    const tables = [...Object.keys(OUTSIDE_WRAPPER), ...Object.keys(API_INPUTS), ...SESSION_ENDING]
    expect(tables.filter((label) => !labels.has(label))).toEqual([])
  })

  it('answers every principal as each handler declared', async () => {
    const { calls } = discovered
    // A's own throw-away stand-ins for the calls that end a session.
    const standIns = new Map<string, string>()
    await Promise.all(
      [...SESSION_ENDING].map(async (label) => {
        standIns.set(label, (await registerAccount('demo', { label: 'matrix-ersatz' })).user.token)
      }),
    )
    // A method a path does not offer is the one function methodNotAllowed, which reads nothing of the
    // request (known by identity above): per path, one such method asked by one caller shows the answer.
    const unoffered = new Set<string>()
    const cells = calls.flatMap((c) => {
      if (c.meta !== 'methodNotAllowed') return PRINCIPALS.map((principal) => ({ c, principal }))
      if (unoffered.has(c.route.key)) return []
      unoffered.add(c.route.key)
      return [{ c, principal: 'anonymous' as const }]
    })
    const failures: string[] = []
    let batchLabels: string[] = []
    await inBatches(
      cells,
      async ({ c, principal }) => {
        const expected =
          c.meta === 'methodNotAllowed'
            ? refused('MethodeNichtErlaubt')
            : c.meta === 'anyone'
              ? 'allowed'
              : expectedOf(c.meta, principal)
        const input = API_INPUTS[c.label]?.(cast) ?? {}
        const query = input.query ? `?${new URLSearchParams(input.query)}` : ''
        const token =
          principal === 'referrer' && standIns.has(c.label) ? standIns.get(c.label) : cast.bearer[principal]
        if (typeof c.meta === 'object' && (c.method !== 'GET' || c.meta.sendsMail)) batchLabels.push(c.label)
        const response = await call(
          `${fillPath('/api/v1', c.route, (p) => API_PARAMS[p]!(cast, c.route.key))}${query}`,
          {
            method: c.method,
            token,
            headers: uniqueClientIp(),
            body: input.body ?? (c.method === 'GET' ? undefined : {}),
          },
        )
        const wrong = verdict(expected, response)
        if (wrong)
          failures.push(`${c.label} as ${principal}: expected ${describeExpected(expected)}, got ${wrong}`)
      },
      async () => {
        // The live principals' sessions stand after every batch that changed something (no call ended
        // one by the way).
        if (batchLabels.length === 0) return
        const checks = await Promise.all([
          call('/api/v1/demo/account/user', { token: cast.bearer.referrer }),
          call('/api/v1/demo/empfaenger/auftrag', { token: cast.bearer.recipient }),
          call('/api/v1/demo/praemierung', { token: cast.bearer.rewardLink }),
        ])
        if (checks.some((r) => r.status !== 200)) {
          throw new Error(
            `A live principal was ended (${checks.map((r) => r.status).join('/')}) by one of: ${[
              ...new Set(batchLabels),
            ].join(', ')}`,
          )
        }
        batchLabels = []
      },
    )
    expect(failures).toEqual([])
  }, 240_000)
})

// ---------------------------------------------------------------------------------------------------
// The portal: its routes under app/api and its screens

/** The browser principals: none, A's live session, the four ended ones, another tenant's session. */
const BROWSERS = ['anonymous', 'referrer', ...ENDED, 'otherTenant'] as const
type Browser = (typeof BROWSERS)[number]

const isEnded = (browser: Browser) => (ENDED as readonly string[]).includes(browser)

async function cookiesOf(tenant: Tenant): Promise<Record<Browser, string | undefined>> {
  const live = (t: Tenant) =>
    t === 'demo'
      ? sessionCookie('demo', cast.a.token, { ...SHARED_NAMES, email: cast.a.email })
      : sessionCookie(t, cast.other.token, { ...SHARED_NAMES, email: cast.other.email })
  const other: Tenant = tenant === 'demo' ? 'demo-closed' : 'demo'
  const ended = Object.fromEntries(
    await Promise.all(
      ENDED.map(async (how) => [
        how,
        await sessionCookie('demo', cast.ended[how].token, cast.ended[how].user),
      ]),
    ),
  ) as Record<(typeof ENDED)[number], string>
  return {
    anonymous: undefined,
    referrer: await live(tenant),
    // The ended sessions are demo referrers: on another tenant they are just another tenant's login.
    ...(tenant === 'demo'
      ? ended
      : { loggedOut: undefined, passwordChanged: undefined, locked: undefined, deleted: undefined }),
    otherTenant: await live(other),
  }
}

function exportedMethods(file: string): Method[] {
  const source = readFileSync(file, 'utf8')
  return METHODS.filter((m) =>
    new RegExp(`export\\s+(async\\s+)?function\\s+${m}\\b|export\\s+const\\s+\\{[^}]*\\b${m}\\b`).test(
      source,
    ),
  )
}

describe('the portal routes under app/api', () => {
  it('are each classified, method by method', () => {
    const found = BFF_FILES.flatMap((r) => exportedMethods(r.file).map((m) => `${m} ${r.key}`))
    const classified = Object.entries(BFF).flatMap(([key, methods]) =>
      Object.keys(methods).map((m) => `${m} ${key}`),
    )
    expect(found.filter((x) => !classified.includes(x))).toEqual([])
    expect(classified.filter((x) => !found.includes(x))).toEqual([])
    const params = new Set(BFF_FILES.flatMap((r) => r.segments.map(paramOf).filter((p) => p !== null)))
    expect([...params].filter((p) => !(p in BFF_PARAMS))).toEqual([])
  })

  it('answer every browser as classified', async () => {
    const cookies = await cookiesOf('demo')
    const cells = BFF_FILES.flatMap((route) =>
      Object.entries(BFF[route.key] ?? {}).flatMap(([method, rule]) =>
        BROWSERS.map((browser) => ({ route, method: method as Method, rule, browser })),
      ),
    )
    const failures: string[] = []
    await inBatches(cells, async ({ route, method, rule, browser }) => {
      const cookie = cookies[browser]
      const response = await call(
        fillPath('/api', route, (p) => BFF_PARAMS[p]!(cast)),
        {
          method,
          headers: { ...uniqueClientIp(), ...(cookie ? { Cookie: cookie } : {}) },
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        },
      )
      const live = browser === 'referrer'
      let wrong: string | null = null
      if (response.status >= 500) wrong = `${response.status}`
      else if (rule === 'public' || rule === 'devTools') {
        if (response.status === 401 || response.status === 403) wrong = `${response.status}`
      } else if (rule === 'loginState') {
        const body = response.json as { loggedIn?: boolean } | null
        if (response.status !== 200 || body?.loggedIn !== live) wrong = `${response.status} ${response.text}`
      } else if (live ? response.status !== 200 : response.status !== 404) wrong = `${response.status}`
      // An ended session's cookie is dropped by whoever learns of it (SPEC §7.9).
      const dropped = /(^|, )psoe_token=;/.test(response.headers.get('set-cookie') ?? '')
      if (!wrong && rule !== 'public' && rule !== 'devTools' && isEnded(browser) && !dropped)
        wrong = `${response.status}, the session cookie kept`
      if (wrong) failures.push(`${method} ${route.key} as ${browser} (${rule}): got ${wrong}`)
    })
    expect(failures).toEqual([])
  }, 120_000)
})

/** Every tenant screen: the route table's, and the category pages (SPEC §2.3), which are never gated. */
type Screen = {
  name: string
  def: Pick<RouteDef, 'requiresLogin' | 'disabledUnderAutologin' | 'forcedLoginWhitelist' | 'cacheable'>
  path: string
  case: ScreenCase
}

function screens(tenant: Tenant): Screen[] {
  return [
    ...ROUTES.map((def) => ({
      name: def.name,
      def,
      path: buildPath(
        def.name,
        Object.fromEntries(
          [...def.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [
            param!,
            SCREEN_PARAMS[param!]!(cast, tenant),
          ]),
        ),
      ),
      case: SCREENS[def.name]!,
    })),
    ...CATEGORY_PAGES.map((page) => ({
      name: `category ${page.path}`,
      def: {
        requiresLogin: false,
        disabledUnderAutologin: false,
        forcedLoginWhitelist: false,
        cacheable: true,
      },
      path: `/${page.path}`,
      case: { shown: 'page' as const },
    })),
  ]
}

/** A page file's path pattern: "app/[tenant]/praemie/[praemieid]/page.tsx" → "/praemie/{praemieid}". */
function pagePattern(file: string, root: string): string {
  const rel = path.relative(root, path.dirname(file)).split(path.sep).join('/')
  return `/${rel}`.replace(/\[(\w+)\]/g, '{$1}').replace(/\/$/, '') || '/'
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return pageFiles(full)
    return entry.name === 'page.tsx' ? [full] : []
  })
}

describe('the portal screens', () => {
  it('are each in the route table or the category pages, and classified', () => {
    const tenantPages = pageFiles('app/[tenant]')
      .map((file) => pagePattern(file, 'app/[tenant]'))
      .filter((pattern) => pattern !== '/{...unknown}' && !pattern.startsWith('/[...'))
    // The category pages are served at their own paths by one route (lib/routes/category-table.mjs).
    const categoryRoute = `/${CATEGORY_ROUTE_SEGMENT}/{key}`
    const known = new Set([
      ...ROUTES.map((r) => r.path),
      ...CATEGORY_PAGES.map((p) => `/${p.path}`),
      categoryRoute,
    ])
    expect(tenantPages.filter((p) => !known.has(p) && !p.includes('...'))).toEqual([])
    expect(ROUTES.map((r) => r.name).filter((name) => !SCREENS[name])).toEqual([])
    expect(Object.keys(SCREENS).filter((name) => !ROUTES.some((r) => r.name === name))).toEqual([])
    const params = new Set(ROUTES.flatMap((r) => [...r.path.matchAll(/\{(\w+)\}/g)].map(([, p]) => p!)))
    expect([...params].filter((p) => !(p in SCREEN_PARAMS))).toEqual([])
    const otherPages = pageFiles('app')
      .filter((file) => !file.startsWith('app/[tenant]/'))
      .map(
        (file) =>
          `/${path
            .dirname(file)
            .split(path.sep)
            .slice(1)
            .filter((s) => !/^\(.*\)$/.test(s))
            .join('/')}`,
      )
    expect(otherPages.filter((p) => !(p in OTHER_PAGES)).sort()).toEqual([])
    expect(Object.keys(OTHER_PAGES).filter((p) => !otherPages.includes(p))).toEqual([])
  })

  it.each(['demo', 'demo-closed'] as const)(
    'on %s answer every browser as the route table and its rules say',
    async (tenant) => {
      const config = await call(`/api/v1/mandant/${tenant}`)
      const settings = (config.json as { Settings: TenantSettings }).Settings
      const ctx: PortalContext = { tenant, locale: 'de', hostMapped: false }
      const cookies = await cookiesOf(tenant)
      const browsers = BROWSERS.filter((b) => tenant === 'demo' || !(ENDED as readonly string[]).includes(b))
      const cells = screens(tenant).flatMap((screen) => browsers.map((browser) => ({ screen, browser })))
      const failures: string[] = []
      await inBatches(cells, async ({ screen, browser }) => {
        const loggedIn = browser === 'referrer'
        const response = await fetch(
          `${BASE_URL}${href(ctx, 'Homepage')}${screen.path === '/' ? '' : screen.path}`,
          {
            headers: { ...uniqueClientIp(), ...(cookies[browser] ? { Cookie: cookies[browser]! } : {}) },
            redirect: 'manual',
          },
        )
        await response.arrayBuffer()
        const decision = decideRoute(screen.def as RouteDef, settings, loggedIn)
        const shown =
          typeof screen.case.shown === 'function'
            ? screen.case.shown({ settings, loggedIn })
            : screen.case.shown
        const login = withoutOrigin(
          href(ctx, 'Login', undefined, { redirect: loginRedirectParam(screen.path, []) }),
        )
        const rendered = typeof shown === 'string' ? shown : withoutOrigin(href(ctx, shown.redirect))
        // ModuleErzwingeLogin holds on the server for every page, cached ones and routes without a screen
        // included (lib/edge/forced-login.mjs): without a login they lead to login first.
        const expected =
          decision === 'login'
            ? login
            : screen.case.absent
              ? rendered
              : decision === 'home'
                ? withoutOrigin(href(ctx, 'Homepage'))
                : rendered
        const seen = outcomeOf(response)
        if (seen !== expected) {
          failures.push(`${screen.name} (${screen.path}) as ${browser}: expected ${expected}, got ${seen}`)
        }
      })
      expect(failures).toEqual([])
    },
    180_000,
  )

  it('outside the tenants answer anyone (the developer tools: while DEV_TOOLS=true)', async () => {
    const failures: string[] = []
    for (const [pattern, rule] of Object.entries(OTHER_PAGES)) {
      const response = await fetch(`${BASE_URL}${pattern.replace('[id]', randomUUID())}`, {
        redirect: 'manual',
      })
      await response.arrayBuffer()
      if (response.status >= 500 || response.status === 401 || response.status === 403)
        failures.push(`${pattern} (${rule}): got ${response.status}`)
    }
    expect(failures).toEqual([])
  })
})

/** "page" for a 200 HTML answer, "notFound" for a 404 one, else the redirect's target without the origin. */
function outcomeOf(response: Response): string {
  const html = /text\/html/.test(response.headers.get('content-type') ?? '')
  if (response.status === 200 && html) return 'page'
  if (response.status === 404 && html) return 'notFound'
  // Next sends a cached page's redirect() twice in Location when it renders it on a cache miss
  // (/impressum under ModuleAdv); the same target twice is still one redirect.
  const locations = [...new Set(response.headers.get('location')?.split(', ') ?? [])]
  if (response.status >= 300 && response.status < 400 && locations.length === 1)
    return withoutOrigin(locations[0]!)
  return `${response.status}`
}

function withoutOrigin(location: string): string {
  const url = new URL(location, BASE_URL)
  return `${url.pathname}${url.search}`
}
