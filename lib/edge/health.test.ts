import http from 'node:http'
import { healthStep, type Readiness } from './health.mjs'

let server: http.Server
let base: string
let stopping = false
let check: (() => Promise<Readiness>) | undefined

beforeAll(async () => {
  const step = healthStep({ stopping: () => stopping, readiness: () => check })
  server = http.createServer((req, res) => {
    void step(req, res).then((answered) => {
      if (!answered) res.end('next')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  stopping = false
  check = undefined
})

async function get(path: string, method = 'GET') {
  const response = await fetch(`${base}${path}`, { method })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: response.headers,
  }
}

describe('the health step', () => {
  it('answers /healthz while the process runs, whatever the app says', async () => {
    check = async () => ({ ready: false, checks: { database: 'unreachable' } })
    const answer = await get('/healthz?probe=1')
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await get('/healthz', 'HEAD')).status).toBe(200)
  })

  it("answers /readyz with the app's check: 200 when ready, 503 when not, starting or stopping", async () => {
    expect(await get('/readyz')).toMatchObject({
      status: 503,
      body: { ready: false, checks: { server: 'starting' } },
    })
    check = async () => ({ ready: true, checks: { database: 'ok', migrations: 'ok' } })
    expect(await get('/readyz')).toMatchObject({
      status: 200,
      body: { ready: true, checks: { database: 'ok', migrations: 'ok' } },
    })
    check = async () => ({ ready: false, checks: { database: 'ok', migrations: 'pending' } })
    expect((await get('/readyz')).status).toBe(503)
    check = async () => {
      throw new Error('broken')
    }
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { checks: { server: 'check failed' } } })
    check = async () => ({ ready: true, checks: {} })
    stopping = true
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { checks: { server: 'stopping' } } })
  })

  it('leaves every other request alone', async () => {
    for (const path of ['/healthz/x', '/readyzz', '/demo', '/api/v1/demo/produkt'])
      expect(await fetch(`${base}${path}`).then((r) => r.text())).toBe('next')
    expect(await fetch(`${base}/readyz`, { method: 'POST' }).then((r) => r.text())).toBe('next')
  })
})
