import http from 'node:http'
import { createMetrics, routeLabel, type EngineMetrics } from './metrics.mjs'

describe('route labels', () => {
  it.each([
    ['/demo', '/:tenant'],
    ['/demo/en/persoenlicherbereich?widget=1', '/:tenant/en/persoenlicherbereich'],
    ['/demo/empfehlung/20QHWPZ0RF', '/:tenant/empfehlung/:id'],
    ['/demo/smartphones.html', '/:tenant/smartphones.html'],
    ['/api/v1/demo/account/resetPassword/anna@example.org', '/api/v1/:tenant/account/resetPassword/:id'],
    ['/api/v1/mandant/demo', '/api/v1/mandant/:tenant'],
    ['/api/v1/demo/produkt/461', '/api/v1/:tenant/produkt/:id'],
    ['/api/session/demo', '/api/session/:tenant'],
    ['/_next/static/chunks/3507p0mh168gx.js', '/_next/static'],
    ['/a/b/c/d/e/f/g/h', '/:tenant/b/c/d/e/f/…'],
    ['/readyz', '/readyz'],
    ['/api/internal/tenant-change', '/api/internal/tenant-change'],
    ['/assets/brands/aurora/logo.svg', '/assets'],
  ])('%s is %s', (url, label) => expect(routeLabel(url)).toBe(label))
})

describe('the metrics', () => {
  let server: http.Server
  let base: string
  let engine: (() => Promise<EngineMetrics>) | undefined
  let status = 200
  const answered: { route: string; status: number }[] = []
  const metrics = createMetrics({
    token: 'geheim-metrics-token',
    engine: () => engine,
    answered: ({ route, status }) => answered.push({ route, status }),
  })

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      metrics.observe(req, res)
      void metrics.step(req, res).then((answered) => {
        if (answered) return
        res.statusCode = status
        res.end('page')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('count requests by method, route and status, and the refusals', async () => {
    await fetch(`${base}/demo/empfehlung/ABC123`)
    status = 429
    await fetch(`${base}/api/v1/demo/Empfehlen/create`, { method: 'POST' })
    status = 404
    await fetch(`${base}/irgendwas/zufaellig`)
    status = 200
    engine = async () => ({ outboxDepth: 3, outboxOldestAgeSeconds: 42, jobLagSeconds: null })
    const text = await (await fetch(`${base}/metrics`)).text()
    expect(text).toContain('http_requests_total{method="GET",route="/:tenant/empfehlung/:id",status="200"} 1')
    expect(text).toContain(
      'http_requests_total{method="POST",route="/api/v1/:tenant/Empfehlen/create",status="429"} 1',
    )
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1')
    expect(text).toContain('rate_limit_refusals_total{route="/api/v1/:tenant/Empfehlen/create"} 1')
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/:tenant\/empfehlung\/:id"\}/,
    )
    expect(text).toContain('mail_outbox_depth 3')
    expect(text).toContain('mail_outbox_oldest_age_seconds 42')
    expect(text).toContain('job_lag_seconds 0')
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).not.toContain('ABC123')
    // The same measurement is handed on once per answer (server.mjs logs the slow and failed ones).
    expect(answered.slice(0, 3)).toEqual([
      { route: '/:tenant/empfehlung/:id', status: 200 },
      { route: '/api/v1/:tenant/Empfehlen/create', status: 429 },
      { route: 'unmatched', status: 404 },
    ])
  })

  it('are answered only to this machine or to the bearer of METRICS_TOKEN', async () => {
    const from = (address: string, authorization?: string) => {
      const req = {
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) },
        socket: { remoteAddress: address },
      }
      const written: { status?: number } = {}
      const res = { writeHead: (code: number) => (written.status = code), end: () => undefined }
      return metrics.step(req as never, res as never).then((answered) => ({ answered, ...written }))
    }
    expect(await from('203.0.113.7')).toEqual({ answered: false })
    expect(await from('203.0.113.7', 'Bearer falsch')).toEqual({ answered: false })
    expect(await from('203.0.113.7', 'Bearer geheim-metrics-token')).toEqual({ answered: true, status: 200 })
    expect(await from('::1')).toEqual({ answered: true, status: 200 })
  })
})
