import http from 'node:http'
import net from 'node:net'
import { gunzipSync } from 'node:zlib'
import { step as bodyLimitStep } from './body-limit.mjs'
import { beforeEdgeAnswer } from './edge-answer-scope.mjs'
import { mainApiEdgeStep } from './main-api-edge.mjs'
import { rawRequest } from './test-request'
import { jsonResponse } from '@/lib/shared/in-process-api'

type Api = (request: Request) => Promise<Response>

let server: http.Server
let base: string
let api: Api | undefined
const seen: Request[] = []
/** How each request's step ended: answered (true), left to Next (false), or thrown. */
const outcomes: (boolean | 'threw')[] = []

beforeAll(async () => {
  const edgeStep = mainApiEdgeStep({ api: () => api })
  // As in server.mjs: the body limit first.
  const step = async (req: http.IncomingMessage, res: http.ServerResponse) =>
    (await bodyLimitStep(req, res)) || edgeStep(req, res)
  server = http.createServer((req, res) => {
    void step(req, res).then(
      (answered) => {
        outcomes.push(answered)
        if (!answered) res.end('next')
      },
      () => outcomes.push('threw'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  seen.length = 0
  outcomes.length = 0
  api = async (request) => {
    seen.push(request)
    const long = new URL(request.url).searchParams.has('lang')
    return Response.json(
      { path: new URL(request.url).pathname, text: long ? 'x'.repeat(5000) : 'kurz' },
      { status: 200, headers: { 'Cache-Control': 'no-store' } },
    )
  }
})

const get = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string | string[]) =>
  rawRequest(base, path, headers, method, body)

describe('the main API answered at the edge by the engine of this process', () => {
  it('hands a GET to the handlers as Next would, and sends their answer with the security headers', async () => {
    const answer = await get('/api/v1/demo/account/user?x=1', {
      authorization: 'Bearer abc',
      'x-forwarded-for': '203.0.113.9',
      host: 'portal.example:3000',
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body.toString())).toEqual({ path: '/api/v1/demo/account/user', text: 'kurz' })
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['content-type']).toBe('application/json')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['content-encoding']).toBeUndefined()
    const request = seen[0]!
    expect(request.url).toBe('http://portal.example:3000/api/v1/demo/account/user?x=1')
    expect(request.headers.get('authorization')).toBe('Bearer abc')
    expect(request.headers.get('x-forwarded-for')).toBe('203.0.113.9')
    expect(request.headers.get('x-forwarded-host')).toBe('portal.example:3000')
  })

  it("writes a JSON answer of the handlers from the text they kept, without reading the answer's stream", async () => {
    let made: Response | undefined
    api = async () => (made = jsonResponse({ Nummer: 'ABC', Text: 'Grüße' }, { status: 201 }))
    const answer = await get('/api/v1/demo/Empfehlen/create', {}, 'POST', '{}')
    expect(answer.status).toBe(201)
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ Nummer: 'ABC', Text: 'Grüße' })
    expect(answer.headers['content-length']).toBe(String(answer.body.length))
    expect(made?.bodyUsed).toBe(false)
  })

  it('hands on a request whose Host makes no address, with the path and query intact', async () => {
    const answer = await get('/api/v1/demo/produkt?x=1', { host: '127.0.0.1:3103.evil.example' })
    expect(answer.status).toBe(200)
    expect(new URL(seen[0]!.url).pathname + new URL(seen[0]!.url).search).toBe('/api/v1/demo/produkt?x=1')
  })

  it('compresses a larger answer for a client that takes gzip, and leaves the framing pair out in widget mode', async () => {
    const answer = await get('/api/v1/demo/produkt?lang=1&widget=1', { 'accept-encoding': 'gzip, br' })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(JSON.parse(gunzipSync(answer.body).toString()).text).toHaveLength(5000)
    expect(answer.headers['x-frame-options']).toBeUndefined()
  })

  it('leaves to Next what it would not route to the handlers unchanged, and everything without the engine', async () => {
    for (const path of [
      '/api/v1/demo/produkt/',
      '/api/v1/openapi.json',
      '/api/v1/demo/produkt/461/grafik',
      '/api/v1/demo/produktkategorie/3/icon',
      '/api/v1/demo/praemie/7/grafik50empfehler',
      '/api/v1/demo/content/assets/abc',
      '/api/v1/demo//produkt',
      '/api/v1/demo/../session/demo',
      '/api/v1',
      '/api/session/demo',
      '/demo',
    ])
      expect([path, (await get(path)).body.toString()]).toEqual([path, 'next'])
    expect((await get('/api/v1/demo/produkt', {}, 'HEAD')).body.toString()).toBe('')
    expect((await get('/api/v1/demo/produkt', {}, 'OPTIONS')).body.toString()).toBe('next')
    expect((await get('/api/v1/demo/account/logout/', {}, 'POST')).body.toString()).toBe('next')
    expect(seen).toHaveLength(0)
    api = undefined
    expect((await get('/api/v1/demo/produkt')).body.toString()).toBe('next')
  })

  it('hands on a write with its body, as Next hands it to the route handler', async () => {
    const texts: (string | null)[] = []
    api = async (request) => {
      seen.push(request)
      texts.push(request.body === null ? null : await request.text())
      return Response.json({ Nr: 'A1' }, { status: 201 })
    }
    const body = JSON.stringify({ Empfaenger: { Email: 'freund@example.org' } })
    const created = await get(
      '/api/v1/demo/Empfehlen/create?x=1',
      { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      'POST',
      body,
    )
    expect(created.status).toBe(201)
    expect(JSON.parse(created.body.toString())).toEqual({ Nr: 'A1' })
    expect(created.headers['x-content-type-options']).toBe('nosniff')
    const chunked = await get('/api/v1/demo/empfaenger/create/7', {}, 'PUT', ['{"a":', '1}'])
    expect(chunked.status).toBe(201)
    await get('/api/v1/demo/Empfehlen/create', {}, 'POST')
    await get('/api/v1/demo/account/user', {}, 'DELETE')
    expect(seen.map((request) => request.method)).toEqual(['POST', 'PUT', 'POST', 'DELETE'])
    expect(texts).toEqual([body, '{"a":1}', null, null])
    expect(seen[0]!.headers.get('content-type')).toBe('application/json')
  })

  it('refuses a body past the path’s limit that came without a length', async () => {
    const answer = await get('/api/v1/demo/Empfehlen/create', {}, 'POST', [
      'x'.repeat(40_000),
      'y'.repeat(40_000),
    ])
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body.toString()).Code).toBe('ZuGross')
    expect(seen).toHaveLength(0)
  })

  it('answers a write only after what it handed on for before its answer is done', async () => {
    const order: string[] = []
    api = async () => {
      beforeEdgeAnswer(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        order.push('renewed')
      })
      // Refused work does not hold the answer back nor break it.
      beforeEdgeAnswer(() => Promise.reject(new Error('not reachable')))
      return Response.json({ ok: true })
    }
    const answer = await get('/api/v1/demo/operator/einstellungen', { 'content-length': '2' }, 'PUT', '{}')
    order.push('answered')
    expect(answer.status).toBe(200)
    expect(order).toEqual(['renewed', 'answered'])
    // Outside an answer of the edge nothing is taken.
    expect(beforeEdgeAnswer(async () => undefined)).toBe(false)
  })

  it('lets a client go that leaves in the middle of its body, without a handler or an error', async () => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      'POST /api/v1/demo/Empfehlen/create HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"Empf',
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.destroy()
    for (let i = 0; i < 50 && outcomes.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(outcomes).toEqual([true])
    expect(seen).toHaveLength(0)
  })
})
