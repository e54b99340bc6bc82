import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { RequestCookies } from 'next/dist/compiled/@edge-runtime/cookies'
import type { DashboardRead } from '../shared/edge-dashboard'
import { cookieValue, dashboardEdgeStep } from './dashboard-edge.mjs'
import { rawRequest } from './test-request'

let server: http.Server
let base: string
let read: DashboardRead | undefined
const asked: [string, string | undefined][] = []

beforeAll(async () => {
  const step = dashboardEdgeStep({ read: () => read })
  server = http.createServer((req, res) => {
    void step(req, res).then((answered) => {
      if (!answered) res.end('next')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const DATA = { recommendations: [], rewards: [], konto: { Guthaben: 0 }, teZuTp: false }

beforeEach(() => {
  asked.length = 0
  read = async (segment, seal) => {
    asked.push([segment, seal])
    const noStore: [string, string] = ['Cache-Control', 'private, no-store']
    if (seal === 'ended')
      return { status: 404, headers: [noStore, ['Set-Cookie', 'psoe_token=; Path=/; Max-Age=0']], body: null }
    if (!seal) return { status: 404, headers: [noStore], body: null }
    const long = segment.endsWith('~en')
    return {
      status: 200,
      headers: [noStore, ['Content-Type', 'application/json']],
      body: JSON.stringify({ ...DATA, pad: long ? 'x'.repeat(5000) : '' }),
    }
  }
})

const get = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string | string[]) =>
  rawRequest(base, path, headers, method, body)

describe("the personal area's data read answered at the edge", () => {
  it("answers the portal's data read with the session cookie's value, never stored, with the security headers", async () => {
    const answer = await get('/api/dashboard/demo', { cookie: 'theme=x; psoe_token=Fe26.2*1%2Aabc' })
    expect(answer.status).toBe(200)
    expect(asked).toEqual([['demo', 'Fe26.2*1*abc']])
    expect(JSON.parse(answer.body.toString())).toMatchObject(DATA)
    expect(answer.headers['cache-control']).toBe('private, no-store')
    expect(answer.headers['content-type']).toBe('application/json')
    expect(answer.headers['content-length']).toBe(String(answer.body.length))
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(answer.headers['set-cookie']).toBeUndefined()
  })

  it('passes the tenant segment decoded and zips a long answer for a client that takes gzip', async () => {
    const answer = await get('/api/dashboard/demo%7Een', {
      cookie: 'psoe_token=s',
      'accept-encoding': 'gzip',
    })
    expect(asked).toEqual([['demo~en', 's']])
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(JSON.parse(gunzipSync(answer.body).toString()).pad).toHaveLength(5000)
  })

  it('answers 404 without a login, and drops a session the main API ended', async () => {
    const none = await get('/api/dashboard/demo', { cookie: 'theme=x' })
    expect(none.status).toBe(404)
    expect(none.body.length).toBe(0)
    expect(none.headers['content-type']).toBeUndefined()
    expect(none.headers['cache-control']).toBe('private, no-store')
    const ended = await get('/api/dashboard/demo', { cookie: 'psoe_token=ended' })
    expect(ended.status).toBe(404)
    expect(ended.headers['set-cookie']).toEqual(['psoe_token=; Path=/; Max-Age=0'])
    expect(asked).toEqual([
      ['demo', undefined],
      ['demo', 'ended'],
    ])
  })

  it.each([
    ['another method', '/api/dashboard/demo', {}, 'HEAD'],
    ['a write', '/api/dashboard/demo', {}, 'POST'],
    ['a query (widget mode)', '/api/dashboard/demo?widget', {}, 'GET'],
    ['a trailing slash', '/api/dashboard/demo/', {}, 'GET'],
    ['a longer path', '/api/dashboard/demo/x', {}, 'GET'],
    ['a segment that does not decode', '/api/dashboard/%E0%A4%A', {}, 'GET'],
  ])('leaves %s to Next', async (_what, path, headers, method) => {
    const answer = await get(path, headers, method)
    if (method !== 'HEAD') expect(answer.body.toString()).toBe('next')
    expect(asked).toEqual([])
  })

  it('zips nothing for a client that refuses gzip', async () => {
    for (const encoding of ['gzip;q=0', 'identity', 'br, gzip;q=0.0']) {
      const answer = await get('/api/dashboard/demo~en', {
        cookie: 'psoe_token=s',
        'accept-encoding': encoding,
      })
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(answer.body.toString()).pad).toHaveLength(5000)
    }
    const any = await get('/api/dashboard/demo~en', {
      cookie: 'psoe_token=s',
      'accept-encoding': 'br;q=1, *;q=0.5',
    })
    expect(any.headers['content-encoding']).toBe('gzip')
  })

  it('reads the session cookie as Next reads it, however the header is written', async () => {
    const headers = [
      'psoe_token=a; psoe_token=b',
      'psoe_token=a; psoe_token=',
      'psoe_token=a; psoe_token',
      'theme=x;\tpsoe_token=a',
      'theme=x;psoe_token=a%2Ab',
      'psoe_token=a; psoe_token=%E0%A4%A',
      'xpsoe_token=a; psoe_token =b',
      'psoe_token=a=b',
      '',
    ]
    for (const header of headers) {
      const next = new RequestCookies(new Headers({ cookie: header })).get('psoe_token')?.value
      expect([header, cookieValue(header, 'psoe_token')]).toEqual([header, next])
    }
    await get('/api/dashboard/demo', { cookie: 'psoe_token=a; psoe_token=' })
    expect(asked).toEqual([['demo', '']])
  })

  it('does nothing where the portal offered no data read', async () => {
    read = undefined
    expect((await get('/api/dashboard/demo', { cookie: 'psoe_token=s' })).body.toString()).toBe('next')
  })
})
