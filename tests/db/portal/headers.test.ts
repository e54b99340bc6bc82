import { createHash } from 'node:crypto'
import http from 'node:http'
import { sealData } from 'iron-session'
import { ROUTES, buildPath, type RouteDef } from '@/lib/routes/table'
import { DEMO_CREDENTIALS, login } from '../support/http'
import { sessionCookie } from '../support/principals'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { BASE_URL, TEST_SESSION_SECRET } from '../support/test-server'
import { putTestTenant } from '../support/tenants'

// Security headers of every kind of HTML answer (QUALITY §Security 11, 12): CSP, HSTS, nosniff and
// Referrer-Policy everywhere; no-store on every page that is not the same for everyone; framing by the
// portal itself only, except in widget mode, where the tenant's registered host origins may frame it.

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual', headers })
  await response.arrayBuffer()
  return response
}

function frameAncestors(response: Response): string {
  const policy = response.headers.get('content-security-policy') ?? ''
  return /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(policy)?.[1]?.trim() ?? '(none)'
}

/** The sources of the policy's script-src directive. */
function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? ''
  return /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? []
}

/**
 * The CSP hash source of every inline script a browser would run in the page (no src, a script type),
 * over the text the browser hashes (CR LF read as LF).
 */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue
    const type = /(?:^|\s)type\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]
    if (type !== undefined && !/^(?:|module|text\/javascript)$/i.test(type)) continue
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')
    hashes.push(`'sha256-${digest}'`)
  }
  return hashes
}

/**
 * No inline script runs unless script-src names it by hash: no 'unsafe-inline', and every inline script
 * of the page as served is covered (the page hydrates), with no hash that is not one of them.
 */
async function expectScriptsByHash(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual', headers })
  const html = await response.text()
  const sources = scriptSources(response)
  const label = `${path} ${response.status}`
  expect({ label, sources }).toEqual({ label, sources: expect.arrayContaining(["'self'"]) })
  expect({ label, sources }).toEqual({ label, sources: expect.not.arrayContaining(["'unsafe-inline'"]) })
  const hashes = [...new Set(inlineScriptHashes(html))]
  expect({ label, inline: hashes.length > 0 }).toEqual({ label, inline: true })
  expect({ label, listed: sources.filter((s) => s.startsWith("'sha256-")).sort() }).toEqual({
    label,
    listed: [...hashes].sort(),
  })
  return response
}

function expectSecurityHeaders(response: Response, label: string) {
  expect({ label, csp: response.headers.get('content-security-policy') }).toEqual({
    label,
    csp: expect.stringContaining("default-src 'self'"),
  })
  expect({ label, hsts: response.headers.get('strict-transport-security') }).toEqual({
    label,
    hsts: expect.stringMatching(/^max-age=\d{8,}/),
  })
  expect({ label, nosniff: response.headers.get('x-content-type-options') }).toEqual({
    label,
    nosniff: 'nosniff',
  })
  expect({ label, referrer: response.headers.get('referrer-policy') }).toEqual({
    label,
    referrer: 'strict-origin-when-cross-origin',
  })
}

/** Fills a route's parameters with values of the right form (whether they exist does not matter here). */
function samplePath(route: RouteDef): string {
  return buildPath(route.name, {
    produktId: '462',
    empfehlungsnummer: 'ABCDEFGHJK',
    praemieid: '1',
    adminLoginToken: 'a'.repeat(43),
    ansicht: 'stammdaten',
  })
}

/** The portal session of a logged-in referrer, sealed as lib/portal/session.ts does with the server's key. */
async function loggedInCookie(): Promise<string> {
  const user = await login('demo', DEMO_CREDENTIALS.demo)
  return sessionCookie('demo', user.token, user)
}

describe('HTML answers outside widget mode', () => {
  let cookie: string
  beforeAll(async () => {
    cookie = await loggedInCookie()
  })

  // Exklusiv/Exclusiv are redirects of next.config.mjs, for which Next sends no configured headers.
  const pages = ROUTES.filter((route) => !route.redirectTo)

  it.each(pages.filter((r) => !r.cacheable).map((r) => [r.name, r] as const))(
    '%s (per request) is never stored and carries the security headers',
    async (_name, route) => {
      const response = await get(`/demo${samplePath(route)}`, { cookie })
      const label = `${route.name} ${response.status}`
      expect({ label, status: response.status }).toEqual({ label, status: expect.any(Number) })
      expect([200, 303, 307, 404]).toContain(response.status)
      expect({ label, cache: response.headers.get('cache-control') }).toEqual({
        label,
        cache: expect.stringMatching(/(?=.*\bprivate\b)(?=.*\bno-store\b)/),
      })
      expectSecurityHeaders(response, label)
      expect(frameAncestors(response)).toBe("'self'")
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    },
  )

  it.each(['/persoenlicherbereich', '/meinedaten', '/passwortaendern', '/empfehler/bankdaten'])(
    '%s renders for the logged-in referrer (the no-store above is the personal page, not a redirect)',
    async (path) => {
      const response = await get(`/demo${path}`, { cookie })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toContain('no-store')
    },
  )

  it.each(['uebersicht', 'empfehler', 'einladung', 'verwaltung', 'stammdaten'])(
    'the agency view %s renders for a signed-in agency user and is never stored (SPEC §6: not cached across users)',
    async (slug) => {
      const { token, ...user } = await agencySignIn('demo', AGENCY_LOGINS.employee)
      // The agency session's cookie (lib/portal/agency-session.ts), sealed with the server's key.
      const seal = await sealData(
        { tenant: 'demo', token, user, expiresAt: Date.now() + 60 * 60 * 1000 },
        { password: TEST_SESSION_SECRET, ttl: 8 * 60 * 60 },
      )
      const response = await get(`/demo/agentur/${slug}`, { cookie: `psoe_agentur=${seal}` })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toMatch(/(?=.*\bprivate\b)(?=.*\bno-store\b)/)
      expect(response.headers.get('x-nextjs-cache')).toBeNull()
      expectSecurityHeaders(response, slug)
    },
  )

  it.each(pages.filter((r) => r.cacheable).map((r) => [r.name, r] as const))(
    '%s (the same for everyone) comes from the cache and carries the security headers',
    async (_name, route) => {
      const path = `/demo${samplePath(route) === '/' ? '' : samplePath(route)}`
      await get(path)
      const response = await get(path)
      expect(['HIT', 'STALE']).toContain(response.headers.get('x-nextjs-cache'))
      expect(response.headers.getSetCookie()).toEqual([])
      expectSecurityHeaders(response, route.name)
      expect(frameAncestors(response)).toBe("'self'")
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    },
  )

  it('an unknown tenant (404), an unknown path (redirect) and the early login redirect carry them too', async () => {
    for (const path of ['/gibt-es-nicht-mandant', '/demo/gibt-es-nicht', '/demo/meinedaten']) {
      const response = await get(path)
      expect([307, 404]).toContain(response.status)
      expectSecurityHeaders(response, path)
      expect(frameAncestors(response)).toBe("'self'")
    }
  })
})

describe('inline scripts (issue 15: no unsafe-inline in script-src)', () => {
  let cookie: string
  beforeAll(async () => {
    cookie = await loggedInCookie()
  })

  it.each([
    ['the home page (cached)', '/demo'],
    ['the English home page (cached)', '/demo/en'],
    ['a category page (cached)', '/demo/glasfaser'],
    ['the login page (per request)', '/demo/login'],
    ['the recommend form (per request)', '/demo/empfehlen/462'],
    ['an unknown tenant (404)', '/gibt-es-nicht-mandant'],
    ['a redirect with a page (307)', '/demo/gibt-es-nicht'],
    ['the status page (static)', '/status'],
    ['a widget-mode page', '/demo?widget=1'],
  ])('%s allows exactly its own inline scripts, by hash', async (_label, path) => {
    await expectScriptsByHash(path)
    // Compressed as a browser asks for it (fetch unpacks it again): the same rule.
    await expectScriptsByHash(path, { 'Accept-Encoding': 'gzip' })
  })

  it('the personal area of a logged-in referrer too (no-store, per request)', async () => {
    const response = await expectScriptsByHash('/demo/persoenlicherbereich', { cookie })
    expect(response.status).toBe(200)
  })

  it('a cached page keeps its cache and its headers', async () => {
    await get('/demo/faq')
    const response = await expectScriptsByHash('/demo/faq')
    expect(['HIT', 'STALE']).toContain(response.headers.get('x-nextjs-cache'))
    expect(frameAncestors(response)).toBe("'self'")
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('HEAD names the same scripts as GET; a 304 leaves the policy the browser stored with the page', async () => {
    await get('/demo/agb')
    const page = await get('/demo/agb')
    expect(['HIT', 'STALE']).toContain(page.headers.get('x-nextjs-cache'))
    const etag = page.headers.get('etag')
    expect(etag).toBeTruthy()
    const head = await fetch(`${BASE_URL}/demo/agb`, { method: 'HEAD' })
    expect(head.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'))
    // As a browser revalidates (fetch would add Cache-Control: no-cache, which Next answers with 200).
    const notModified = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(
        `${BASE_URL}/demo/agb`,
        { headers: { 'If-None-Match': String(etag) } },
        resolve,
      )
      request.on('error', reject)
    })
    notModified.resume()
    expect(notModified.statusCode).toBe(304)
    expect(notModified.headers['content-security-policy']).toBeUndefined()
  })

  it('a client cannot set the policy Next renders with (no nonce taken from the request)', async () => {
    const response = await expectScriptsByHash('/demo/login', {
      'Content-Security-Policy': "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='",
    })
    expect(scriptSources(response)).not.toContain("'nonce-AAAAAAAAAAAAAAAAAAAAAA=='")
  })
})

describe('widget mode', () => {
  // A tenant of this run: pages of an earlier run's tenant may still be in the build's page cache.
  const slug = `rahmen-${Date.now().toString(36)}`
  const host = 'https://www.rahmen.example'

  const putTenant = (frameAncestors: string[]) =>
    putTestTenant(slug, 'Rahmen', { Name: 'Rahmen Telekom', FrameAncestors: frameAncestors })

  beforeAll(async () => {
    await putTenant([`${host}/freunde-werben`, 'http://127.0.0.1:3410'])
  })

  it("lets the tenant's registered origins frame its pages, and only in widget mode", async () => {
    const widget = await get(`/${slug}?widget=1`)
    expect(widget.status).toBe(200)
    expect(frameAncestors(widget)).toBe(`'self' ${host} http://127.0.0.1:3410`)
    // X-Frame-Options cannot name origins: left out where frame-ancestors names them.
    expect(widget.headers.get('x-frame-options')).toBeNull()
    expectSecurityHeaders(widget, 'widget')
    // The widget mode's own policy gets the page's script hashes, its frame-ancestors unchanged.
    const scripts = await expectScriptsByHash(`/${slug}?widget=1`)
    expect(frameAncestors(scripts)).toBe(`'self' ${host} http://127.0.0.1:3410`)

    const plain = await get(`/${slug}`)
    expect(frameAncestors(plain)).toBe("'self'")
    expect(plain.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('keeps widget pages in the cache (the proxy only adds headers)', async () => {
    await get(`/${slug}/faq?widget=1`)
    const response = await get(`/${slug}/faq?widget=1`)
    expect(['HIT', 'STALE']).toContain(response.headers.get('x-nextjs-cache'))
    expect(response.headers.getSetCookie()).toEqual([])
    expect(frameAncestors(response)).toBe(`'self' ${host} http://127.0.0.1:3410`)
  })

  it('sends them on per-request pages, English pages and redirects in widget mode too', async () => {
    for (const path of [
      `/${slug}/login?widget=1`,
      `/${slug}/en/login?widget=1`,
      `/${slug}/meinedaten?widget=1`,
    ]) {
      const response = await get(path)
      expect([200, 307]).toContain(response.status)
      expect(frameAncestors(response)).toBe(`'self' ${host} http://127.0.0.1:3410`)
      expectSecurityHeaders(response, path)
    }
    const login = await get(`/${slug}/login?widget=1`)
    expect(login.headers.get('cache-control')).toContain('no-store')
  })

  it('follows a change of the setting at once', async () => {
    await putTenant(['https://neu.rahmen.example'])
    expect(frameAncestors(await get(`/${slug}?widget=1`))).toBe("'self' https://neu.rahmen.example")
    await putTenant([`${host}/freunde-werben`, 'http://127.0.0.1:3410'])
    expect(frameAncestors(await get(`/${slug}?widget=1`))).toBe(`'self' ${host} http://127.0.0.1:3410`)
  })

  it("keeps 'self' only for tenants without registered origins and for unknown tenants", async () => {
    for (const path of ['/demo?widget=1', '/demo-closed/login?widget=1', '/gibt-es-nicht-mandant?widget=1']) {
      const response = await get(path)
      expect(frameAncestors(response)).toBe("'self'")
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    }
  })

  it('cannot be talked out of its headers with x-middleware-subrequest (the proxy still runs)', async () => {
    for (const value of [
      'proxy:proxy:proxy:proxy:proxy',
      'middleware:middleware:middleware:middleware:middleware',
    ]) {
      const response = await get(`/${slug}?widget=1`, { 'x-middleware-subrequest': value })
      expect(frameAncestors(response)).toBe(`'self' ${host} http://127.0.0.1:3410`)
    }
  })
})

describe('the session cookie', () => {
  it('is httpOnly, Secure, SameSite=None and Partitioned, so it also works in a host page frame', async () => {
    // The session route writes it when it ends a session whose time is up (with the same options).
    const expired = await sealData(
      { tenant: 'demo', token: 'abgelaufen', expiresAt: Date.now() - 1000 },
      { password: TEST_SESSION_SECRET, ttl: 8 * 60 * 60 },
    )
    const response = await fetch(`${BASE_URL}/api/session/demo`, {
      headers: { Cookie: `psoe_token=${expired}` },
    })
    expect(response.status).toBe(200)
    const [cookie] = response.headers.getSetCookie()
    const attributes = (cookie ?? '').split(';').map((a) => a.trim().toLowerCase())
    expect(attributes[0]).toMatch(/^psoe_token=/)
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=none', 'partitioned', 'path=/']),
    )
  })
})

describe('the embed script', () => {
  it.each([
    ['on the portal', {}],
    ["on a tenant's own host", { 'X-Forwarded-Host': 'demo.localhost' }],
  ])('is served %s as JavaScript', async (_label, headers) => {
    const response = await fetch(`${BASE_URL}/embed.js`, { headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const source = await response.text()
    expect(source).toContain('psoempf:route')
    expect(source).not.toMatch(/postMessage\([^)]*['"]\*['"]/)
  })
})
