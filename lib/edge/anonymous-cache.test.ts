import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { anonymousPageCache, clearOnTenantChange } from './anonymous-cache.mjs'
import { cspHashes } from './csp.mjs'
import { FLIGHT } from './csp-fixtures'
import { contentSecurityPolicy } from './security-headers.mjs'
import { announceTenantChange } from '@/lib/shared/tenant-changes'

// The store in front of a live server, wired as server.mjs wires it: its step first, its wrapper
// outermost, the script-hash wrapper behind it, and a "Next" that counts the pages it renders.
let clock = 0
const cache = anonymousPageCache({ now: () => clock, ttlMs: 10_000, maxEntries: 3 })
clearOnTenantChange(cache)
let rendered = 0
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => {}
let server: http.Server
let base = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void cache.step(req, res).then((answered) => {
      if (answered) return
      cache.wrap(req, res)
      cspHashes(req, res)
      rendered++
      answer(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  cache.clear()
  rendered = 0
  clock = 0
  answer = (req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Content-Security-Policy', contentSecurityPolicy())
    res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
    res.end(`<html><body><h1>${req.url} #${rendered}</h1><script>${FLIGHT}</script></body></html>`)
  }
})

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

describe('the anonymous pages kept at the edge', () => {
  it('answers the recommend form and the landing again without rendering, with the same headers', async () => {
    for (const path of ['/demo/empfehlen/461', '/demo/en/empfehlung/2FPR80DDYX', '/empfehlen/461']) {
      const first = await get(path)
      const second = await get(path)
      expect(second.body).toBe(first.body)
      expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
      expect(second.headers.get('content-security-policy')).toContain('sha256-')
      expect(second.headers.get('cache-control')).toContain('no-store')
      expect(first.headers.get('x-edge-cache')).toBeNull()
      expect(second.headers.get('x-edge-cache')).toBe('hit')
    }
    expect(rendered).toBe(3)
  })

  it('renders again after the time to keep, and after a tenant changed', async () => {
    await get('/demo/empfehlen/461')
    clock = 9_999
    await get('/demo/empfehlen/461')
    expect(rendered).toBe(1)
    clock = 10_000
    await get('/demo/empfehlen/461')
    expect(rendered).toBe(2)
    announceTenantChange({ tenant: 'demo', scope: 'settings' })
    await get('/demo/empfehlen/461')
    expect(rendered).toBe(3)
  })

  it('answers the recommend form, the same for everyone, also to a visitor with a cookie', async () => {
    await get('/demo/empfehlen/461', { Cookie: 'psoe_token=referrer' })
    const anonymous = await get('/demo/empfehlen/461')
    const other = await get('/demo/empfehlen/461', { Cookie: 'psoe_token=other' })
    expect(rendered).toBe(1)
    expect(anonymous.headers.get('x-edge-cache')).toBe('hit')
    expect(other.headers.get('x-edge-cache')).toBe('hit')
  })

  it('never answers the landing or the data form from the store to a visitor with a cookie', async () => {
    // (an address in lower case has the shape of a public page's too)
    const paths = [
      '/demo/empfehlung/2FPR80DDYX',
      '/demo/empfaengerdaten/2FPR80DDYX',
      '/demo/empfehlung/2fpr80',
    ]
    for (const path of paths) {
      await get(path)
      const returning = await get(path, { Cookie: 'psoe_token=friend' })
      expect(returning.headers.get('x-edge-cache')).toBeNull()
      // and what is rendered for him is not kept for others
      await get(path, { Cookie: 'psoe_token=friend' })
    }
    expect(rendered).toBe(3 * paths.length)
  })

  it('answers my data only to a login checked right then, and keeps nothing for anyone else', async () => {
    const checked: string[] = []
    let valid = new Set(['psoe_token=anna', 'psoe_token=ben'])
    const personal = anonymousPageCache({
      now: () => clock,
      loggedIn: async (req) => {
        checked.push(req.headers.cookie ?? '')
        return valid.has(req.headers.cookie ?? '')
      },
    })
    const served = new Map<string, boolean>()
    const request = (cookie?: string, url = '/demo/meinedaten') => {
      const req = { method: 'GET', url, headers: { host: 'portal', ...(cookie ? { cookie } : {}) } }
      const written: { status?: number } = {}
      const res = {
        writeHead: (status: number) => (written.status = status),
        end: () => undefined,
        hasHeader: () => false,
        getHeaders: () => ({ 'content-type': 'text/html' }),
        statusCode: 200,
        write: () => true,
      }
      return { req, res, written }
    }
    // Ben's page, rendered for him, is kept.
    const ben = request('psoe_token=ben')
    expect(await personal.step(ben.req as never, ben.res as never)).toBe(false)
    personal.wrap(ben.req as never, ben.res as never)
    ben.res.end()
    // Anna, logged in, gets it from the store; a stranger and a logged-out cookie do not.
    for (const [cookie, hit] of [
      ['psoe_token=anna', true],
      [undefined, false],
      ['psoe_token=old', false],
    ] as const) {
      const { req, res } = request(cookie)
      served.set(String(cookie), await personal.step(req as never, res as never))
      expect(served.get(String(cookie))).toBe(hit)
    }
    // A logout counts at once: the check is asked for every request.
    valid = new Set(['psoe_token=ben'])
    const anna = request('psoe_token=anna')
    expect(await personal.step(anna.req as never, anna.res as never)).toBe(false)
    expect(checked).toEqual(['psoe_token=ben', 'psoe_token=anna', 'psoe_token=old', 'psoe_token=anna'])
    // The personal area is kept the same way; other personal pages never ask.
    const area = request('psoe_token=ben', '/demo/en/persoenlicherbereich?widget=1')
    expect(await personal.step(area.req as never, area.res as never)).toBe(false)
    personal.wrap(area.req as never, area.res as never)
    area.res.end()
    const again = request('psoe_token=ben', '/demo/en/persoenlicherbereich?widget=1')
    expect(await personal.step(again.req as never, again.res as never)).toBe(true)
    expect(checked).toHaveLength(6)
    for (const path of ['/demo/praemie', '/demo/passwortaendern', '/demo/persoenlicherbereichx']) {
      const other = request('psoe_token=anna', path)
      expect(await personal.step(other.req as never, other.res as never)).toBe(false)
    }
    expect(checked).toHaveLength(6)
  })

  it('keeps my data for nobody where no login check is given', async () => {
    await get('/demo/meinedaten', { Cookie: 'psoe_token=anna' })
    await get('/demo/meinedaten', { Cookie: 'psoe_token=anna' })
    expect(rendered).toBe(2)
  })

  it('never answers from the store to a client navigation or another page', async () => {
    await get('/demo/empfehlen/461')
    await get('/demo/empfehlen/461', { RSC: '1' })
    await get('/demo/empfehlen/461', { 'Next-Router-Prefetch': '1' })
    await get('/demo/empfehlen/461', { 'Next-Router-Segment-Prefetch': '/_tree' })
    await get('/demo/empfehlen/461', { 'Next-Action': 'abc' })
    expect(rendered).toBe(5)
    for (const path of [
      '/demo/persoenlicherbereich',
      '/demo/agent/empfehlen/461',
      '/demo',
      '/demo/empfehlen',
    ]) {
      await get(path)
      await get(path)
    }
    expect(rendered).toBe(13)
  })

  describe("a tenant's public pages, which Next renders once and renews in the background", () => {
    const ISR = 's-maxage=300, stale-while-revalidate=31535700'
    /** Next's answer for a page of this kind: its cache's current copy (HIT), or the stale one. */
    function answerAs(cacheControl: string, nextCache = 'HIT') {
      answer = (req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.setHeader('Cache-Control', cacheControl)
        res.setHeader('x-nextjs-cache', nextCache)
        res.end(`<html><body><h1>${req.url} #${rendered}</h1></body></html>`)
      }
    }

    it('answers them again without rendering, to every visitor, cookie or not', async () => {
      answerAs(ISR)
      const paths = ['/demo', '/demo/en/faq', '/demo/glasfaser', '/faq', '/']
      for (const path of paths) {
        const first = await get(path)
        const withCookie = await get(path, { Cookie: 'psoe_token=referrer' })
        expect(withCookie.body).toBe(first.body)
        expect(withCookie.headers.get('x-edge-cache')).toBe('hit')
        expect(withCookie.headers.get('cache-control')).toBe(ISR)
      }
      expect(rendered).toBe(paths.length)
    })

    it('keeps no stale copy (Next answers it while it renders a fresh one), so a change shows as soon as without', async () => {
      answerAs(ISR, 'STALE')
      await get('/demo/faq')
      answerAs(ISR, 'HIT')
      const fresh = await get('/demo/faq')
      expect(fresh.headers.get('x-edge-cache')).toBeNull()
      expect((await get('/demo/faq')).body).toBe(fresh.body)
      expect(rendered).toBe(2)
    })

    it('keeps no page Next renders per request, no fully static page and nothing deeper than a page', async () => {
      answerAs('private, no-cache, no-store, max-age=0, must-revalidate')
      await get('/demo/login')
      await get('/demo/login')
      answerAs('s-maxage=31536000')
      await get('/status')
      await get('/status')
      answerAs(ISR)
      await get('/demo/en/agb/mehr')
      await get('/demo/en/agb/mehr')
      await get('/api/v1/demo/produkt')
      await get('/api/v1/demo/produkt')
      expect(rendered).toBe(8)
      expect(cache.size()).toBe(0)
    })

    it('renders them again after a tenant changed', async () => {
      answerAs(ISR)
      await get('/demo')
      announceTenantChange({ tenant: 'demo', scope: 'content' })
      await get('/demo')
      expect(rendered).toBe(2)
    })

    it("keeps no error page, and nothing without the mark of Next's own page cache", async () => {
      answer = (_req, res) => {
        res.statusCode = 404
        res.setHeader('Cache-Control', ISR)
        res.setHeader('x-nextjs-cache', 'HIT')
        res.end('<html>nicht gefunden</html>')
      }
      await get('/demo/gibtsnicht')
      answer = (_req, res) => {
        res.setHeader('Cache-Control', ISR)
        res.end('<html>a route of its own</html>')
      }
      await get('/demo/eigene')
      expect(cache.size()).toBe(0)
      answerAs(ISR, 'MISS')
      await get('/demo/faq')
      expect(cache.size()).toBe(0)
      answerAs(ISR, 'HIT')
      await get('/demo/faq')
      expect(cache.size()).toBe(1)
    })
  })

  describe('a tenant change while pages are under way', () => {
    /** A request the store may keep, its answer written by hand (no server between). */
    function pageRequest(store: ReturnType<typeof anonymousPageCache>, url: string) {
      const headers: Record<string, string> = {
        'cache-control': 's-maxage=300, stale-while-revalidate=31535700',
        'x-nextjs-cache': 'HIT',
      }
      const req = { method: 'GET', url, headers: { host: 'portal' } }
      const res = {
        statusCode: 200,
        writeHead: () => undefined,
        write: () => true,
        end: () => undefined,
        hasHeader: (name: string) => name in headers,
        getHeader: (name: string) => headers[name],
        getHeaders: () => ({ ...headers }),
      }
      return { req: req as never, res: res as never, finish: () => (res as { end: () => void }).end() }
    }

    it('keeps no answer that was under way when the store was emptied', async () => {
      const store = anonymousPageCache({ now: () => clock })
      const early = pageRequest(store, '/demo')
      expect(await store.step(early.req, early.res)).toBe(false)
      store.wrap(early.req, early.res)
      store.clear()
      early.finish()
      expect(store.size()).toBe(0)
      const late = pageRequest(store, '/demo')
      await store.step(late.req, late.res)
      store.wrap(late.req, late.res)
      late.finish()
      expect(store.size()).toBe(1)
    })

    it('empties the store again once Next has renewed its own copies', async () => {
      const store = anonymousPageCache({ now: () => clock })
      clearOnTenantChange(store, 20)
      announceTenantChange({ tenant: 'demo', scope: 'settings' })
      // Next may still answer its old copy right after the announcement: kept for a moment only.
      const meanwhile = pageRequest(store, '/demo')
      await store.step(meanwhile.req, meanwhile.res)
      store.wrap(meanwhile.req, meanwhile.res)
      meanwhile.finish()
      expect(store.size()).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 40))
      expect(store.size()).toBe(0)
    })
  })

  it('keeps each address, query and encoding apart, and only as many as allowed', async () => {
    await get('/demo/empfehlen/461')
    await get('/demo/empfehlen/461?kategorie=glasfaser')
    await get('/demo/empfehlen/461', { 'Accept-Encoding': 'identity' })
    expect(rendered).toBe(3)
    expect(cache.size()).toBe(3)
    await get('/demo/empfehlen/469')
    expect(cache.size()).toBe(3)
    await get('/demo/empfehlen/461')
    expect(rendered).toBe(5)
  })

  it('keeps the pages of each host apart, also of a host a trusted proxy names in X-Forwarded-Host', async () => {
    // On a tenant's own host the address has no tenant segment: the host tells whose form it is.
    const first = await get('/empfehlen/461', { 'X-Forwarded-Host': 'empfehlen.anbieter-a.example' })
    const other = await get('/empfehlen/461', { 'X-Forwarded-Host': 'empfehlen.anbieter-b.example' })
    expect(rendered).toBe(2)
    expect(other.body).not.toBe(first.body)
    expect((await get('/empfehlen/461', { 'X-Forwarded-Host': 'empfehlen.anbieter-a.example' })).body).toBe(
      first.body,
    )
    expect(rendered).toBe(2)
  })

  it('keeps no redirect, error or answer that sets a cookie', async () => {
    answer = (_req, res) => {
      res.statusCode = 307
      res.setHeader('Location', '/demo/empfehlungabgelaufen')
      res.end()
    }
    await get('/demo/empfehlung/ABC')
    answer = (_req, res) => {
      res.setHeader('Set-Cookie', 'psoe_friend=1')
      res.end('<html></html>')
    }
    await get('/demo/empfehlung/DEF')
    answer = (_req, res) => {
      res.statusCode = 404
      res.end('<html></html>')
    }
    await get('/demo/empfehlung/GHI')
    expect(cache.size()).toBe(0)
  })
})
