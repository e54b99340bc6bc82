import { BASE_URL } from '../support/test-server'

// How portal addresses reach their screens, seen from outside (no browser): the German default
// without a prefix, English under /en, the canonical forms, and cached public pages.

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${BASE_URL}${path}`, { redirect: 'manual', headers })
}

describe('portal addresses', () => {
  it.each([
    ['/demo/de', '/demo'],
    ['/demo/de/login', '/demo/login'],
    ['/demo~en', '/demo/en'],
    ['/demo~en/login', '/demo/en/login'],
    ['/demo/exklusiv?x=1', '/demo/code?x=1'],
    ['/demo/en/exclusiv', '/demo/en/code'],
  ])('%s redirects to %s', async (path, target) => {
    const response = await get(path)
    expect([307, 308]).toContain(response.status)
    const location = new URL(response.headers.get('location') ?? '', BASE_URL)
    expect(`${location.pathname}${location.search}`).toBe(target)
  })

  it.each([
    ['/demo', 'de', 'Empfehlen lohnt sich'],
    ['/demo/en', 'en', 'Recommending pays off'],
  ])('%s renders the home page in %s', async (path, lang, headline) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<html lang="${lang}"`)
    expect(html).toContain(headline)
  })

  it.each(['/demo', '/demo/en', '/demo/impressum'])(
    '%s is served from the cache on repeated requests, the same for every visitor',
    async (path) => {
      await get(path)
      const response = await get(path)
      expect(response.status).toBe(200)
      // HIT, or STALE when an entry of an earlier run is older than its revalidate time (it is then
      // served from the cache and renewed in the background).
      expect(['HIT', 'STALE']).toContain(response.headers.get('x-nextjs-cache'))
      expect(response.headers.get('set-cookie')).toBeNull()
    },
  )

  it('renders personal pages per request and never caches them', async () => {
    const response = await get('/demo/login')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
  })

  it('sends the security headers on every page', async () => {
    const response = await get('/demo')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('answers an unknown tenant with 404', async () => {
    const response = await get('/nope')
    expect(response.status).toBe(404)
  })
})
