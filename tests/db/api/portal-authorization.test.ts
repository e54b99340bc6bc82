import { readdirSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { CATEGORY_PAGES } from '@/lib/routes/category-pages'
import { CATEGORY_ROUTE_SEGMENT } from '@/lib/routes/category-table.mjs'
import { href, type PortalContext } from '@/lib/routes/href'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { decideRoute } from '@/lib/routes/rules'
import { buildPath, ROUTES, type RouteDef } from '@/lib/routes/table'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { type Tenant } from '../support/accounts'
import { call, uniqueClientIp } from '../support/http'
import { ENDED } from '../support/principals'
import { BASE_URL } from '../support/test-server'
import {
  Method,
  paramOf,
  fillPath,
  BFF_FILES,
  BFF,
  BFF_PARAMS,
  ScreenCase,
  SCREENS,
  SCREEN_PARAMS,
  OTHER_PAGES,
  inBatches,
  cast,
} from '../support/authorization-fixtures'
import { BROWSERS, isEnded, cookiesOf, exportedMethods } from '../support/browser-principals'

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
      } else if (rule === 'agencySession') {
        const location = response.headers.get('location') ?? ''
        if (response.status !== 303 || !location.endsWith('/demo/agentur'))
          wrong = `${response.status} ${location}`
      } else if (rule === 'internal') {
        if (response.status !== 404) wrong = `${response.status}`
      } else if (live ? response.status !== 200 : response.status !== 404) wrong = `${response.status}`
      // An ended session's cookie is dropped by whoever learns of it (SPEC §7.9).
      const dropped = /(^|, )psoe_token=;/.test(response.headers.get('set-cookie') ?? '')
      if (!wrong && (rule === 'loginState' || rule === 'session') && isEnded(browser) && !dropped)
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
        const provider = settings.Sso.Issuer && `${settings.Sso.Issuer}/`
        // ModuleErzwingeLogin holds on the server for every page, cached ones and routes without a screen
        // included (lib/edge/forced-login.mjs): without a login they lead to login first.
        const expected =
          decision === 'login' ? login : decision === 'home' ? withoutOrigin(href(ctx, 'Homepage')) : rendered
        const location = response.headers.get('location') ?? ''
        const seen = provider && location.startsWith(provider) ? 'provider' : outcomeOf(response)
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
