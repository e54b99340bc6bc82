import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { NextRequest } from 'next/server'
import { loginGuard } from '@/lib/portal/proxy/login-guard'
import { announceTenantChange } from '@/lib/shared/tenant-changes'
import { forcedLoginApplies, forcedLoginPaths } from '@/lib/routes/forced-login'
import { href, type PortalContext } from '@/lib/routes/href'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { buildPath, ROUTES } from '@/lib/routes/table'
import { SPEC_CATEGORY_PAGES } from '@/tests/support/spec'
import {
  POLICY_TTL_MS,
  createForcedLoginStep,
  freshLoginCheck,
  sealOf,
  hostNames,
  loginLocation,
  parseTenantHosts,
  routePattern,
  sessionCookie,
  tenantPages,
} from './forced-login.mjs'

const HOSTS = parseTenantHosts('demo.localhost=demo, Closed.Localhost = demo-closed, bad')

describe('the tenant page of an address (as next.config.mjs routes it)', () => {
  it.each([
    ['/demo-closed', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/' }],
    ['/demo-closed/', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/' }],
    ['/demo-closed/internet', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/internet' }],
    ['/demo-closed/internet/', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/internet' }],
    ['/demo-closed//internet', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/internet' }],
    [
      '/demo-closed/%69nternet',
      [],
      { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/internet' },
    ],
    ['/demo-closed/en', [], { tenant: 'demo-closed', prefix: '/demo-closed/en', routePath: '/' }],
    ['/demo-closed/en/faq', [], { tenant: 'demo-closed', prefix: '/demo-closed/en', routePath: '/faq' }],
    ['/demo-closed~en/faq', [], { tenant: 'demo-closed', prefix: '/demo-closed/en', routePath: '/faq' }],
    ['/h~demo-closed/internet', [], { tenant: 'demo-closed', prefix: '', routePath: '/internet' }],
    ['/h~demo-closed~en', [], { tenant: 'demo-closed', prefix: '/en', routePath: '/' }],
    ['/', ['closed.localhost'], { tenant: 'demo-closed', prefix: '', routePath: '/' }],
    ['/internet', ['closed.localhost'], { tenant: 'demo-closed', prefix: '', routePath: '/internet' }],
    ['/en/internet', ['closed.localhost'], { tenant: 'demo-closed', prefix: '/en', routePath: '/internet' }],
    ['/demo/fernsehen', ['localhost'], { tenant: 'demo', prefix: '/demo', routePath: '/fernsehen' }],
    // Other letters: the route path keeps its own (the way back after login), the rest is read in lower case.
    ['/Demo-Closed/Internet', [], { tenant: 'demo-closed', prefix: '/demo-closed', routePath: '/Internet' }],
    ['/demo-closed/EN/faq', [], { tenant: 'demo-closed', prefix: '/demo-closed/en', routePath: '/faq' }],
    ['/DEMO-CLOSED~EN/faq', [], { tenant: 'demo-closed', prefix: '/demo-closed/en', routePath: '/faq' }],
    ['/EN/internet', ['closed.localhost'], { tenant: 'demo-closed', prefix: '/en', routePath: '/internet' }],
  ])('%s on %j', (pathname, hosts, page) => {
    expect(tenantPages(pathname, hosts, HOSTS)).toEqual([page])
  })

  it.each([
    ['/api/v1/mandant/demo-closed', []],
    ['/_next/static/chunks/a.js', []],
    ['/status', []],
    ['/dev/mailbox', []],
    ['/favicon.ico', []],
    ['/en/faq', []],
    ['/API/v1/mandant/demo-closed', []],
    ['/de/internet', ['closed.localhost']],
    ['/embed.js', ['closed.localhost']],
  ])('%s on %j is no tenant page', (pathname, hosts) => {
    expect(tenantPages(pathname, hosts, HOSTS)).toEqual([])
  })

  it('checks both tenants when Host and X-Forwarded-Host name different ones', () => {
    const hosts = hostNames({ host: 'demo.localhost:3000', 'x-forwarded-host': 'Closed.localhost:3000' })
    expect(hosts).toEqual(['demo.localhost', 'closed.localhost'])
    expect(tenantPages('/internet', hosts, HOSTS).map((p) => p.tenant)).toEqual(['demo', 'demo-closed'])
    expect(hostNames({ host: '[::1]:3000' })).toEqual(['[::1]'])
  })
})

describe('route patterns', () => {
  // Every route path with its parameters filled in, the category pages, and paths the table does not know.
  const samples = [
    ...ROUTES.map((r) =>
      buildPath(r.name, {
        produktId: 462,
        empfehlungsnummer: 'AB12CD34EF',
        praemieid: 'p1',
        adminLoginToken: 't',
        ansicht: 'stammdaten',
      }),
    ),
    ...SPEC_CATEGORY_PAGES.map((p) => `/${p}`),
    ...SPEC_CATEGORY_PAGES.map((p) => `/${p}/`),
    '/gibt-es-nicht',
    '/internet/gibt-es-nicht',
    '/smartphonesXhtml',
    '/empfehlen/462/mehr',
  ]

  it('match regardless of letter case, as the rewrites of next.config.mjs do', () => {
    expect(routePattern('/smartphones.html').test('/Smartphones.HTML')).toBe(true)
    expect(routePattern('/empfehlen/{produktId}').test('/EMPFEHLEN/462')).toBe(true)
    expect(routePattern('/').test('/')).toBe(true)
  })

  it('close exactly the paths the portal closes under ModuleErzwingeLogin (lib/routes/forced-login.ts)', () => {
    for (const settings of [
      { IsAutologin: false, ModuleErzwingeLogin: true },
      { IsAutologin: true, ModuleErzwingeLogin: true },
      { IsAutologin: false, ModuleErzwingeLogin: false },
    ]) {
      const closed = forcedLoginPaths(settings).map(routePattern)
      for (const path of samples) {
        expect([path, closed.some((pattern) => pattern.test(path))]).toEqual([
          path,
          forcedLoginApplies(path, settings),
        ])
      }
    }
  })
})

describe('the login address', () => {
  it('is the one the proxy writes for a login-required page (lib/portal/proxy/login-guard.ts)', () => {
    for (const address of [
      '/demo-closed/persoenlicherbereich',
      '/demo-closed/en/meinedaten?tab=2&widget=1',
      '/demo-closed/persoenlicherbereich?redirect=%2Fx&c=herbst&c=winter',
    ]) {
      const url = new URL(address, 'http://localhost')
      const guard = loginGuard(new NextRequest(url))!.headers.get('location')!
      const [page] = tenantPages(url.pathname, ['localhost'], HOSTS)
      expect(loginLocation(page!, url.searchParams)).toBe(guard.replace('http://localhost', ''))
    }
  })

  it('is the one the browser guard opens, also on a mapped host and in English', () => {
    const search = new URLSearchParams('c=herbst&widget=1&_rsc=abc')
    const ctx: PortalContext = { tenant: 'demo-closed', locale: 'en', hostMapped: true }
    const [page] = tenantPages('/en/internet', ['closed.localhost'], HOSTS)
    const browser = href(ctx, 'Login', undefined, {
      redirect: loginRedirectParam('/internet', new URLSearchParams('c=herbst&widget=1').entries()),
      widget: '1',
    })
    expect(loginLocation(page!, search)).toBe(browser)
    expect(browser).toBe(
      `/en/login?${new URLSearchParams({ redirect: '{"path":"/internet","params":{"c":"herbst"}}', widget: '1' })}`,
    )
  })
})

describe('the session cookie passed on', () => {
  it('is psoe_token only', () => {
    expect(sessionCookie('a=1; psoe_token=abc; b=2')).toBe('psoe_token=abc')
    expect(sessionCookie('psoe_token=; other=1')).toBe('')
    expect(sessionCookie(undefined)).toBe('')
  })
})

type Answer = { status: number; body?: unknown }

/** A server with the step in front of a page that says it was served, and its own calls answered by `own`. */
async function serve(
  own: (path: string, headers: Record<string, string>) => Answer | Promise<Answer>,
  clock = { now: 0 },
) {
  const calls: string[] = []
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push(url.pathname)
    const answer = await own(url.pathname, (init?.headers ?? {}) as Record<string, string>)
    if (answer.status < 0) throw new Error('unreachable')
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    })
  }) as typeof fetch
  const step = createForcedLoginStep({
    fetch: fakeFetch,
    now: () => clock.now,
    tenantHosts: 'closed.localhost=demo-closed',
  })
  const server = http.createServer(async (req, res) => {
    if (await step(req, res)) return
    res.setHeader('Cache-Control', 's-maxage=300, stale-while-revalidate=31535700')
    res.end('page')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  // node:http, not fetch: fetch leaves out a Host header of its own.
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Headers; body: string }>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, headers, method }, (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => {
            const headers = new Headers()
            for (const [name, value] of Object.entries(response.headers))
              if (typeof value === 'string') headers.set(name, value)
            resolve({ status: response.statusCode ?? 0, headers, body })
          })
        })
        .on('error', reject)
        .end()
    })
  const get = (path: string, headers: Record<string, string> = {}) => send('GET', path, headers)
  return { get, send, calls, close: () => new Promise((resolve) => server.close(resolve)) }
}

const CLOSED = {
  status: 200,
  body: {
    ErzwingeLogin: true,
    Autologin: false,
    Pfade: forcedLoginPaths({ ModuleErzwingeLogin: true, IsAutologin: false }),
  },
}
const OPEN = { status: 200, body: { ErzwingeLogin: false, Autologin: false, Pfade: [] } }

describe('the step', () => {
  it('sends a visitor without login from a closed page to login, with the security headers', async () => {
    const app = await serve((path) => (path.includes('demo-closed') ? CLOSED : OPEN))
    try {
      const page = await app.get('/demo-closed/internet?c=herbst')
      expect(page.status).toBe(307)
      expect(page.headers.get('location')).toBe(
        `/demo-closed/login?${new URLSearchParams({ redirect: '{"path":"/internet","params":{"c":"herbst"}}' })}`,
      )
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(page.body).toBe('')
      // In widget mode the framing headers are the proxy's (the tenant's registered origins).
      const widget = await app.get('/demo-closed?widget=1')
      expect(widget.headers.get('location')).toContain('&widget=1')
      expect(widget.headers.get('x-frame-options')).toBeNull()
      // A mapped host: the address has no tenant prefix.
      const mapped = await app.get('/en', { Host: 'closed.localhost' })
      expect(mapped.headers.get('location')).toMatch(/^\/en\/login\?redirect=/)
      // Whitelisted pages, unknown paths and open tenants are served.
      expect((await app.get('/demo-closed/faq')).body).toBe('page')
      expect((await app.get('/demo-closed/login')).body).toBe('page')
      expect((await app.get('/demo-closed/gibt-es-nicht')).body).toBe('page')
      const open = await app.get('/demo/internet')
      expect(open.body).toBe('page')
      expect(open.headers.get('cache-control')).toBe('s-maxage=300, stale-while-revalidate=31535700')
      // Other letters than the route table's are the same page.
      const other = await app.get('/demo-closed/EN/Internet')
      expect(other.status).toBe(307)
      expect(other.headers.get('location')).toMatch(/^\/demo-closed\/en\/login\?redirect=/)
      // Each tenant's policy was asked once; no session was checked without a cookie.
      expect(app.calls.sort()).toEqual(['/api/login-policy/demo', '/api/login-policy/demo-closed'])
    } finally {
      await app.close()
    }
  })

  it('guards every method: a form sent without JavaScript gets 303 to login, a server action the navigation to it', async () => {
    const app = await serve((path) => (path.includes('demo-closed') ? CLOSED : OPEN))
    try {
      const login = `/demo-closed/login?${new URLSearchParams({ redirect: '{"path":"/internet","params":{}}' })}`
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const answer = await app.send(method, '/demo-closed/internet')
        expect([method, answer.status, answer.headers.get('location'), answer.body]).toEqual([
          method,
          303,
          login,
          '',
        ])
        expect(answer.headers.get('cache-control')).toBe('no-store')
      }
      const action = await app.send('POST', '/demo-closed/internet', { 'Next-Action': 'a1b2' })
      expect(action.status).toBe(200)
      expect(action.headers.get('x-action-redirect')).toBe(`${login};push`)
      expect(action.headers.get('content-type')).toBe('text/plain')
      expect(action.headers.get('location')).toBeNull()
      expect(action.body).toBe('')
      // The login page's own form and open tenants pass.
      expect((await app.send('POST', '/demo-closed/login')).body).toBe('page')
      expect((await app.send('POST', '/demo/internet')).body).toBe('page')
    } finally {
      await app.close()
    }
  })

  it('serves a closed page to a login the session check confirms, kept private, asking for every page (a logout elsewhere counts at once)', async () => {
    let loggedOut = false
    const app = await serve((path, headers) => {
      if (path.startsWith('/api/login-policy/')) return CLOSED
      return { status: 200, body: { loggedIn: !loggedOut && headers.Cookie === 'psoe_token=gueltig' } }
    })
    try {
      const page = await app.get('/demo-closed/internet', { Cookie: 'theme=dark; psoe_token=gueltig' })
      expect(page.status).toBe(200)
      expect(page.headers.get('cache-control')).toBe('private, no-store')
      await app.get('/demo-closed', { Cookie: 'psoe_token=gueltig' })
      expect((await app.get('/demo-closed', { Cookie: 'psoe_token=abgelaufen' })).status).toBe(307)
      expect(app.calls.filter((c) => c.startsWith('/api/session/'))).toHaveLength(3)
      // The session ended elsewhere: the next page of the same cookie is refused.
      loggedOut = true
      expect((await app.get('/demo-closed', { Cookie: 'psoe_token=gueltig' })).status).toBe(307)
    } finally {
      await app.close()
    }
  })

  it('asks a tenant’s policy anew at once when a change of the tenant is announced (here or by the change bus)', async () => {
    let answer: Answer = OPEN
    const app = await serve(() => answer)
    try {
      expect((await app.get('/demo-closed/internet')).status).toBe(200)
      answer = CLOSED
      expect((await app.get('/demo-closed/internet')).status).toBe(200)
      announceTenantChange({ tenant: 'demo', scope: 'settings', remote: true })
      expect((await app.get('/demo-closed/internet')).status).toBe(200)
      announceTenantChange({ tenant: 'demo-closed', scope: 'settings', remote: true })
      expect((await app.get('/demo-closed/internet')).status).toBe(307)
    } finally {
      await app.close()
    }
  })

  it('does not keep a policy read before an announced change that came while it was under way', async () => {
    let release: (answer: Answer) => void = () => undefined
    let answer: Answer | Promise<Answer> = new Promise<Answer>((resolve) => (release = resolve))
    const app = await serve(() => answer)
    try {
      const first = app.get('/demo-closed/internet')
      await new Promise((resolve) => setTimeout(resolve, 20))
      // The setting changes while the old answer is on its way: the page it was asked for gets it…
      announceTenantChange({ tenant: 'demo-closed', scope: 'settings', remote: true })
      answer = CLOSED
      release(OPEN)
      expect((await first).status).toBe(200)
      // …but it is not kept: the next page asks anew.
      expect((await app.get('/demo-closed/internet')).status).toBe(307)
    } finally {
      await app.close()
    }
  })

  it('follows a changed setting after POLICY_TTL_MS, and keeps the last policy while the server does not answer', async () => {
    const clock = { now: 0 }
    let answer: Answer = OPEN
    const app = await serve(() => answer, clock)
    try {
      expect((await app.get('/demo-closed/internet')).status).toBe(200)
      answer = CLOSED
      expect((await app.get('/demo-closed/internet')).status).toBe(200)
      clock.now += POLICY_TTL_MS
      // The old policy serves while the new one is fetched; the next request has it.
      await app.get('/demo-closed/internet')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect((await app.get('/demo-closed/internet')).status).toBe(307)
      answer = { status: -1 }
      clock.now += POLICY_TTL_MS
      await app.get('/demo-closed/internet')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect((await app.get('/demo-closed/internet')).status).toBe(307)
    } finally {
      await app.close()
    }
  })

  it('answers 503 when nothing is known of a tenant and its policy cannot be read, and 403 on autologin tenants', async () => {
    const app = await serve((path) =>
      path.endsWith('/auto')
        ? { status: 200, body: { ...CLOSED.body, Autologin: true } }
        : path.endsWith('/unknown')
          ? { status: 404 }
          : { status: 500 },
    )
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const down = await app.get('/demo-closed/internet')
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBe('5')
      const auto = await app.get('/auto/internet')
      expect(auto.status).toBe(403)
      expect(auto.body).toBe('Bitte melden Sie sich zuerst an.\n')
      // A server action there (its session ended while the page was open) is sent home, which it can follow.
      const action = await app.send('POST', '/auto/internet', { 'Next-Action': 'a1b2' })
      expect([action.status, action.headers.get('x-action-redirect')]).toEqual([200, '/auto;push'])
      expect((await app.send('POST', '/auto/internet')).status).toBe(403)
      expect((await app.get('/unknown/internet')).body).toBe('page')
    } finally {
      spy.mockRestore()
      await app.close()
    }
  })
})

describe('the fresh login check (pages the edge answers only to logged-in visitors)', () => {
  function check(answer: (tenant: string, cookie: string) => Answer) {
    const asked: string[] = []
    const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input))
      const cookie = ((init?.headers ?? {}) as Record<string, string>).Cookie ?? ''
      asked.push(`${url.pathname} ${cookie}`)
      const { status, body } = answer(decodeURIComponent(url.pathname.split('/').pop() ?? ''), cookie)
      if (status < 0) throw new Error('unreachable')
      return new Response(body === undefined ? null : JSON.stringify(body), { status })
    }) as typeof fetch
    const loggedIn = freshLoginCheck({ fetch: fakeFetch, tenantHosts: 'closed.localhost=demo-closed' })
    const request = (url: string, headers: Record<string, string>) =>
      loggedIn({ url, headers, socket: { localAddress: '127.0.0.1', localPort: 3000 } } as never)
    return { request, asked }
  }

  it("asks the session route of the page's tenant for every request, with the session cookie only", async () => {
    let valid = true
    const { request, asked } = check((tenant, cookie) => ({
      status: 200,
      body: { loggedIn: valid && tenant === 'demo' && cookie === 'psoe_token=anna' },
    }))
    const anna = { cookie: 'theme=dark; psoe_token=anna' }
    expect(await request('/demo/meinedaten', anna)).toBe(true)
    expect(await request('/demo/en/meinedaten?sprache=gespeichert', anna)).toBe(true)
    valid = false
    expect(await request('/demo/meinedaten', anna)).toBe(false)
    expect(asked).toEqual([
      '/api/session/demo psoe_token=anna',
      '/api/session/demo psoe_token=anna',
      '/api/session/demo psoe_token=anna',
    ])
    // A mapped host's page belongs to its tenant; another tenant's login is none here.
    valid = true
    expect(await request('/meinedaten', { ...anna, host: 'closed.localhost' })).toBe(false)
    expect(asked.at(-1)).toBe('/api/session/demo-closed psoe_token=anna')
  })

  it('is no login without a session cookie, off a tenant page, or when the answer is unclear', async () => {
    let answer: Answer = { status: 200, body: { loggedIn: true } }
    const { request, asked } = check(() => answer)
    expect(await request('/demo/meinedaten', {})).toBe(false)
    expect(await request('/demo/meinedaten', { cookie: 'theme=dark' })).toBe(false)
    expect(await request('/api/v1/demo/produkt', { cookie: 'psoe_token=anna' })).toBe(false)
    expect(asked).toEqual([])
    for (answer of [
      { status: 500, body: { loggedIn: true } },
      { status: 200, body: { loggedIn: 'yes' } },
      { status: 200 },
      { status: -1 },
    ] as Answer[])
      expect(await request('/demo/meinedaten', { cookie: 'psoe_token=anna' })).toBe(false)
  })

  it("asks the portal's offered check with the cookie's value where there is one, the session route where not", async () => {
    const checked: string[] = []
    let offered: ((tenant: string, seal: string) => Promise<boolean>) | undefined = async (tenant, seal) => {
      checked.push(`${tenant} ${seal}`)
      if (seal === 'broken') throw new Error('no answer')
      return seal === 'Fe26.2**anna~2'
    }
    const asked: string[] = []
    const fakeFetch = (async (input: string | URL | Request) => {
      asked.push(new URL(String(input)).pathname)
      return new Response(JSON.stringify({ loggedIn: true }), { status: 200 })
    }) as typeof fetch
    const loggedIn = freshLoginCheck({ fetch: fakeFetch, check: () => offered })
    const request = (url: string, cookie: string) =>
      loggedIn({ url, headers: { cookie }, socket: { localAddress: '127.0.0.1', localPort: 3000 } } as never)
    expect(await request('/demo/meinedaten', 'a=1; psoe_token=Fe26.2**anna%7E2')).toBe(true)
    expect(await request('/demo/meinedaten', 'psoe_token=Fe26.2**bob~2')).toBe(false)
    expect(await request('/demo/meinedaten', 'psoe_token=broken')).toBe(false)
    expect(checked).toEqual(['demo Fe26.2**anna~2', 'demo Fe26.2**bob~2', 'demo broken'])
    expect(asked).toEqual([])
    // Two session cookies (a partitioned and a plain one): the session route reads them as Next does.
    expect(await request('/demo/meinedaten', 'psoe_token=x; psoe_token=y')).toBe(true)
    offered = undefined
    expect(await request('/demo/meinedaten', 'psoe_token=Fe26.2**bob~2')).toBe(true)
    expect(asked).toEqual(['/api/session/demo', '/api/session/demo'])
  })

  it('asks once per request, though the forced-login step and the cache of pages for logged-in visitors both ask', async () => {
    let checks = 0
    const check = () => async () => {
      checks++
      return true
    }
    const policy = (async () => new Response(JSON.stringify(CLOSED.body), { status: 200 })) as typeof fetch
    const step = createForcedLoginStep({ fetch: policy, check })
    const loggedIn = freshLoginCheck({ fetch: policy, check })
    const request = () =>
      ({
        method: 'GET',
        url: '/demo-closed/persoenlicherbereich',
        headers: { cookie: 'psoe_token=Fe26.2**anna~2', host: 'localhost' },
        socket: { localAddress: '127.0.0.1', localPort: 3000 },
      }) as never
    const response = { setHeader: () => undefined, getHeader: () => undefined } as never
    const first = request()
    expect(await step(first, response)).toBe(false)
    expect(await loggedIn(first)).toBe(true)
    expect(checks).toBe(1)
    // The next request asks anew.
    expect(await loggedIn(request())).toBe(true)
    expect(checks).toBe(2)
  })

  it('reads the one session cookie of a header, decoded', () => {
    expect(sealOf('a=1; psoe_token=Fe26.2**x%7E2; b=2')).toBe('Fe26.2**x~2')
    expect(sealOf('a=1')).toBeNull()
    expect(sealOf('psoe_token=x; psoe_token=y')).toBeNull()
    expect(sealOf('psoe_token=%E0%A4%A')).toBeNull()
  })
})
