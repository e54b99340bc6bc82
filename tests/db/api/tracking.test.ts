import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { call } from '../support/http'
import { putTestTenant } from '../support/tenants'

// POST /api/tracking/{tenant} (BFF): the browser's page views, checked with zod, the client's address
// shortened, forwarded server-side to the tenant's Matomo-compatible endpoint (TrackingUrl).

type Received = { params: URLSearchParams; headers: IncomingHttpHeaders }
const received: Received[] = []
let matomo: Server
let matomoUrl: string
const slug = `trk-${Date.now().toString(36)}`
const otherSlug = `${slug}-b`

const hit = (change: Record<string, unknown> = {}) => ({
  idsite: '31',
  url: `http://portal.example/${slug}/faq`,
  action_name: 'Häufige Fragen – Testnetz',
  urlref: `http://portal.example/${slug}`,
  _id: '0123456789abcdef',
  pv_id: 'Ab12Cd',
  res: '1280x720',
  h: 9,
  m: 5,
  s: 7,
  ...change,
})

function track(tenant: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  return call(`/api/tracking/${tenant}`, {
    method: 'POST',
    body,
    headers: {
      'X-Forwarded-For': ip,
      'User-Agent': 'TestBrowser/1.0',
      'Accept-Language': 'de-DE',
      ...headers,
    },
  })
}

/** Waits until the stand-in Matomo received `count` requests (forwarding happens after the answer). */
async function receivedCount(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 100))
  return received.length
}

const putTenant = (tenant: string, settings: Record<string, unknown>) =>
  putTestTenant(tenant, 'Testnetz', settings)

beforeAll(async () => {
  matomo = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ params: new URLSearchParams(body), headers: request.headers })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => matomo.listen(0, '127.0.0.1', resolve))
  matomoUrl = `http://127.0.0.1:${(matomo.address() as AddressInfo).port}/matomo.php`
  await putTenant(slug, {
    trackings: { production: ['91'], staging: [], testing: [], development: ['31', '32'] },
    TrackingUrl: matomoUrl,
  })
  // Its Matomo does not answer: port 9 of the loopback address (discard) refuses at once.
  await putTenant(otherSlug, {
    trackings: { production: [], staging: [], testing: [], development: ['33'] },
    TrackingUrl: 'http://127.0.0.1:9/matomo.php',
  })
})

afterAll(async () => {
  await new Promise<void>((resolve) => matomo.close(() => resolve()))
})

describe('POST /api/tracking/{tenant}', () => {
  it('forwards a page view with rec, the visitor’s user agent and language, and the IPv4 address shortened', async () => {
    const before = received.length
    const response = await track(slug, hit(), '203.0.113.77')
    expect(response.status).toBe(204)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await receivedCount(before + 1)).toBe(before + 1)
    const forwarded = received[before]!
    expect(Object.fromEntries(forwarded.params)).toEqual({
      rec: '1',
      apiv: '1',
      send_image: '0',
      rand: expect.stringMatching(/^[0-9a-z]+$/),
      // The page view as it was sent, each value as text.
      ...Object.fromEntries(Object.entries(hit()).map(([key, value]) => [key, String(value)])),
      ua: 'TestBrowser/1.0',
      lang: 'de-DE',
    })
    expect(forwarded.headers['x-forwarded-for']).toBe('203.0.113.0')
    expect(forwarded.headers['user-agent']).toBe('TestBrowser/1.0')
    // Nothing of the visitor's cookies or the full address travels on.
    expect(JSON.stringify(forwarded)).not.toContain('203.0.113.77')
    expect(forwarded.headers.cookie).toBeUndefined()
  })

  it('keeps only the /48 prefix of an IPv6 address', async () => {
    const before = received.length
    expect((await track(slug, hit({ idsite: '32' }), '2001:db8:abcd:12:34:56:78:9a')).status).toBe(204)
    await receivedCount(before + 1)
    expect(received[before]!.headers['x-forwarded-for']).toBe('2001:db8:abcd::')
    expect(received[before]!.params.get('idsite')).toBe('32')
  })

  it.each([
    ['another environment’s id', hit({ idsite: '91' })],
    ['another tenant’s id', hit({ idsite: '14' })],
    ['the IP override (needs token_auth)', { ...hit(), cip: '198.51.100.1' }],
    ['token_auth', { ...hit(), token_auth: 'abc' }],
    ['a javascript URL', hit({ url: 'javascript:alert(1)' })],
    ['a visitor id of the wrong form', hit({ _id: 'x' })],
    ['a missing title', Object.fromEntries(Object.entries(hit()).filter(([key]) => key !== 'action_name'))],
    ['an array', [hit()]],
    ['not JSON', '{"idsite":'],
  ])('refuses %s with 400 and forwards nothing', async (_, body) => {
    const before = received.length
    const response = await track(slug, body, '203.0.113.10')
    expect(response.status).toBe(400)
    expect(response.text).toBe('')
    await new Promise((r) => setTimeout(r, 300))
    expect(received.length).toBe(before)
  })

  it('refuses a call without X-Requested-With (a form or image of another site)', async () => {
    const response = await call(`/api/tracking/${slug}`, {
      method: 'POST',
      body: hit(),
      withoutRequestedWith: true,
      headers: { 'X-Forwarded-For': '203.0.113.11' },
    })
    expect(response.status).toBe(400)
  })

  it('refuses a body over the size limit with 413, unknown tenants with 404, malformed slugs with 400', async () => {
    const big = await track(slug, hit({ action_name: 'x'.repeat(9000) }), '203.0.113.12')
    expect(big.status).toBe(413)
    expect((await track('gibt-es-nicht', hit(), '203.0.113.12')).status).toBe(404)
    expect((await track('DEMO', hit(), '203.0.113.12')).status).toBe(400)
  })

  it('answers only POST', async () => {
    expect((await call(`/api/tracking/${slug}`)).status).toBe(405)
  })

  it('answers 204 for a tenant without an endpoint (demo), forwarding nowhere', async () => {
    const before = received.length
    const response = await track(
      'demo',
      hit({ idsite: '14', url: 'http://portal.example/demo' }),
      '203.0.113.13',
    )
    expect(response.status).toBe(204)
    await new Promise((r) => setTimeout(r, 300))
    expect(received.length).toBe(before)
  })

  it('answers 204 when the tenant’s Matomo is down: the failure is only logged', async () => {
    const response = await track(otherSlug, hit({ idsite: '33' }), '203.0.113.14')
    expect(response.status).toBe(204)
    // The server keeps answering.
    expect((await track(otherSlug, hit({ idsite: '33' }), '203.0.113.14')).status).toBe(204)
  })

  it('drops page views over the per-address limit with 429 (per shortened address and tenant)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 125; i++)
      statuses.push((await track(otherSlug, hit({ idsite: '33' }), '198.51.100.7')).status)
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(120)
    expect(statuses.slice(-3)).toEqual([429, 429, 429])
    // Another address of another /24 is not affected.
    expect((await track(otherSlug, hit({ idsite: '33' }), '198.51.101.7')).status).toBe(204)
  })
})
