import http from 'node:http'
import { userSchema } from '@/lib/contracts/account'
import { ownAccountForFile } from '../support/accounts'
import { DEMO_CREDENTIALS, call, login } from '../support/http'
import { sessionCookie } from '../support/principals'
import { BASE_URL, TEST_PORT } from '../support/test-server'

// SPEC §2.4, ModuleErzwingeLogin (demo-closed), decided for every client, not only for browsers: a
// closed portal's catalogue, rewards and texts are for its logged-in users. The production server's
// edge step (lib/edge/forced-login.mjs) answers its pages off the whitelist, cached ones included, only
// with a valid login and otherwise redirects to login exactly as the browser's guard does; whitelisted
// pages and open tenants are served as before.

const closed = ownAccountForFile('demo-closed')

type Answer = { status: number; location: string | null; cacheControl: string | null; body: string }

/** A GET (or HEAD) as a client without a browser sends it; node:http, so a Host header of its own counts. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: TEST_PORT, path, method, headers },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            cacheControl: response.headers['cache-control'] ?? null,
            body,
          }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** The login address the browser's guard and the proxy write for a route path and its query. */
function loginAt(prefix: string, path: string, params: Record<string, string> = {}): string {
  return `${prefix}/login?${new URLSearchParams({ redirect: JSON.stringify({ path, params }) })}`
}

describe('a closed tenant (demo-closed) to a client without login', () => {
  it.each([
    ['/demo-closed', loginAt('/demo-closed', '/')],
    ['/demo-closed/internet', loginAt('/demo-closed', '/internet')],
    [
      '/demo-closed/smartphones.html?tarifId=7',
      loginAt('/demo-closed', '/smartphones.html', { tarifId: '7' }),
    ],
    ['/demo-closed/aktuellepraemienuebersicht', loginAt('/demo-closed', '/aktuellepraemienuebersicht')],
    ['/demo-closed/empfehlen/1006', loginAt('/demo-closed', '/empfehlen/1006')],
    ['/demo-closed/en/fernsehen?c=herbst', loginAt('/demo-closed/en', '/fernsehen', { c: 'herbst' })],
    ['/demo-closed/internet?widget=1', `${loginAt('/demo-closed', '/internet')}&widget=1`],
  ])('redirects %s to login', async (path, location) => {
    const answer = await get(path)
    expect({ status: answer.status, location: answer.location }).toEqual({ status: 307, location })
    expect(answer.cacheControl).toBe('no-store')
    expect(answer.body).toBe('')
  })

  it('redirects the router request of a client-side navigation and a HEAD request too', async () => {
    expect((await get('/demo-closed/internet', { RSC: '1' })).location).toBe(
      loginAt('/demo-closed', '/internet'),
    )
    expect((await get('/demo-closed/internet', {}, 'HEAD')).status).toBe(307)
  })

  it('redirects on the tenant’s own host (TENANT_HOSTS) and under the internal segment names', async () => {
    const host = { Host: `closed.localhost:${TEST_PORT}` }
    expect((await get('/internet', host)).location).toBe(loginAt('', '/internet'))
    expect((await get('/en', host)).location).toBe(loginAt('/en', '/'))
    expect((await get('/h~demo-closed/internet')).location).toBe(loginAt('', '/internet'))
    expect((await get('/h~demo-closed/faq', host)).status).toBe(200)
  })

  it('guards every method and every spelling of a closed page', async () => {
    // Next renders a page for a POST too: a form sent without JavaScript is sent on to login (303).
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const answer = await get('/demo-closed/internet', {}, method)
      expect([method, answer.status, answer.location]).toEqual([
        method,
        303,
        loginAt('/demo-closed', '/internet'),
      ])
      expect(answer.body).not.toContain('Fjordnet DSL')
    }
    // Letter case counts neither for Next's rewrites nor here.
    expect((await get('/demo-closed/Internet')).location).toBe(loginAt('/demo-closed', '/Internet'))
    expect((await get('/demo-closed/EN/internet')).location).toBe(loginAt('/demo-closed/en', '/internet'))
    expect((await get('/demo-closed/Smartphones.html')).status).toBe(307)
    // Dot segments, which Next would resolve after the check, are refused before it.
    for (const path of [
      '/demo-closed/x/../internet',
      '/demo-closed/%2e/internet',
      '/demo-closed/en/x/../internet',
    ]) {
      const answer = await get(path)
      expect([path, answer.status]).toEqual([path, 400])
      expect(answer.body).not.toContain('Fjordnet DSL')
    }
  })

  it('maps only the tenant’s own host name, not one the host pattern would take as a regular expression', async () => {
    for (const path of ['/', '/internet']) {
      const answer = await get(path, { Host: `closedxlocalhost:${TEST_PORT}` })
      expect(answer.body).not.toContain('Fjordnet')
    }
  })

  it('serves the whitelist (FAQ, login, contact, 404) as before', async () => {
    for (const [path, status] of [
      ['/demo-closed/faq', 200],
      ['/demo-closed/login', 200],
      ['/demo-closed/kontakt', 200],
      ['/demo-closed/404', 404],
    ] as const) {
      const answer = await get(path)
      expect([path, answer.status, answer.location]).toEqual([path, status, null])
      expect(answer.body).toContain('<html')
    }
    const faq = await get('/faq', { Host: `closed.localhost:${TEST_PORT}` })
    expect(faq.status).toBe(200)
    expect(faq.body).toContain('<h1')
  })

  it('refuses a session of another tenant, an expired one, a forged one and one whose login has ended', async () => {
    const demo = await login('demo', DEMO_CREDENTIALS.demo)
    const user = await login('demo-closed', closed)
    const refused = [
      await sessionCookie('demo', demo.token, demo),
      await sessionCookie('demo-closed', user.token, user, Date.now() - 1000),
      'psoe_token=Fe26.2**gefaelscht',
    ]
    for (const cookie of refused) {
      expect((await get('/demo-closed/internet', { Cookie: cookie })).location).toBe(
        loginAt('/demo-closed', '/internet'),
      )
    }
    const logout = await call('/api/v1/demo-closed/account/logout', { method: 'POST', token: user.token })
    expect(logout.status).toBe(200)
    // A new cookie around the ended token (the edge keeps the answer for one cookie 30 s).
    const ended = await get('/demo-closed/internet', {
      Cookie: await sessionCookie('demo-closed', user.token, user),
    })
    expect(ended.location).toBe(loginAt('/demo-closed', '/internet'))
  })
})

describe('a closed tenant (demo-closed) to a logged-in referrer', () => {
  it('serves home and the category pages, kept out of shared caches', async () => {
    const user = userSchema.parse(await login('demo-closed', closed))
    const cookie = await sessionCookie('demo-closed', user.token, user)
    for (const path of ['/demo-closed', '/demo-closed/internet', '/demo-closed/en/fernsehen']) {
      const answer = await get(path, { Cookie: `theme=x; ${cookie}` })
      expect([path, answer.status, answer.location]).toEqual([path, 200, null])
      expect(answer.cacheControl).toBe('private, no-store')
      expect(answer.body).toContain('<h1')
    }
    const mapped = await get('/internet', { Host: `closed.localhost:${TEST_PORT}`, Cookie: cookie })
    expect(mapped.status).toBe(200)
  })
})

describe('an open tenant (demo)', () => {
  it('serves its cached pages to everyone, as before', async () => {
    for (const path of ['/demo', '/demo/internet', '/demo/en/fernsehen', '/demo/faq']) {
      const answer = await get(path)
      expect([path, answer.status, answer.location]).toEqual([path, 200, null])
      expect(answer.cacheControl).toMatch(/s-maxage=/)
    }
    expect((await fetch(`${BASE_URL}/demo/internet`)).status).toBe(200)
  })
})
