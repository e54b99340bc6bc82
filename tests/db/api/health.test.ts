import net from 'node:net'
import path from 'node:path'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { spawnSync, type ChildProcess } from 'node:child_process'
import { Client } from 'pg'
import { startServer, stopProcessGroup } from '../support/server-process'
import { BASE_URL, TEST_PORT } from '../support/test-server'

// The server's health for load balancers and orchestrators (issue 21): /healthz while the process runs,
// /readyz while it can serve (lib/edge/health.mjs, lib/engine/readiness.ts), and a stop signal that lets
// the requests under way finish (server.mjs).

const PG_HOST = '127.0.0.1'
const PG_PORT = 5432
// A database per suite port: the runs on PGlite and on PostgreSQL may be under way at the same time.
const READINESS_DB = `test_readiness_${TEST_PORT}`

describe('/healthz and /readyz of a running server', () => {
  it('answer JSON, never stored, with the security headers', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { ready: true, checks: { database: 'ok', migrations: 'ok' } }],
    ] as const) {
      const response = await fetch(`${BASE_URL}${path}`)
      expect([path, response.status]).toEqual([path, 200])
      expect(await response.json()).toEqual(body)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await fetch(`${BASE_URL}${path}`, { method: 'HEAD' })).status).toBe(200)
    }
  })
})

describe('GET /metrics', () => {
  it('answers Prometheus figures to a scraper on this machine: requests per route, outbox, jobs', async () => {
    await fetch(`${BASE_URL}/api/v1/mandant/demo`)
    const response = await fetch(`${BASE_URL}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/mandant\/:tenant",status="200"\} \d+/,
    )
    expect(text).toMatch(/^mail_outbox_depth \d+$/m)
    expect(text).toMatch(/^mail_outbox_oldest_age_seconds \d+$/m)
    expect(text).toMatch(/^job_lag_seconds \d+$/m)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('does not exist for anyone else (a client beyond the trusted proxy)', async () => {
    const response = await fetch(`${BASE_URL}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.50' } })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('http_requests_total')
  })
})

describe('X-Request-Id', () => {
  it('names every answer with an id of its own, also one kept at the edge', async () => {
    const ids = new Set<string>()
    for (const path of ['/demo/empfehlen/462', '/demo/empfehlen/462', '/api/v1/demo/produkt', '/healthz']) {
      const response = await fetch(`${BASE_URL}${path}`)
      await response.arrayBuffer()
      ids.add(response.headers.get('x-request-id') ?? '')
    }
    expect(ids.size).toBe(4)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    // The suite's server trusts one proxy: the proxy's id is taken on.
    const forwarded = await fetch(`${BASE_URL}/healthz`, { headers: { 'X-Request-Id': 'proxy-0123456789' } })
    expect(forwarded.headers.get('x-request-id')).toBe('proxy-0123456789')
  })
})

/** A TCP path to PostgreSQL that the test opens and cuts, as a stopped and restarted database looks. */
class DatabaseLine {
  private readonly server: net.Server
  private readonly sockets = new Set<net.Socket>()
  up = false

  constructor() {
    this.server = net.createServer((client) => {
      if (!this.up) return client.destroy()
      const database = net.connect(PG_PORT, PG_HOST)
      for (const socket of [client, database]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => undefined)
      }
      client.pipe(database).pipe(client)
    })
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return (this.server.address() as net.AddressInfo).port
  }

  cut() {
    this.up = false
    for (const socket of this.sockets) socket.destroy()
  }

  close() {
    this.cut()
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new Client({ host: PG_HOST, port: PG_PORT, user: 'postgres', database: 'postgres' })
  try {
    await client.connect()
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [READINESS_DB])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${READINESS_DB}`)
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function readiness(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(10_000) })
  return { status: response.status, body: (await response.json()) as { ready: boolean; checks: object } }
}

async function until(port: number, status: number) {
  const deadline = Date.now() + 60_000
  let last = await readiness(port)
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    last = await readiness(port)
  }
  return last
}

describe('/readyz follows the database (PostgreSQL, reached through a line the test cuts)', () => {
  const port = TEST_PORT + 20
  const line = new DatabaseLine()
  let server: ChildProcess | undefined
  let reachable = false

  beforeAll(async () => {
    reachable = await postgresReachable()
    if (!reachable) return
    const linePort = await line.listen()
    server = await startServer({
      port,
      dataDir: 'memory://',
      logFile: path.resolve('.data', `jest-health-${port}.log`),
      env: {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${linePort}/${READINESS_DB}`,
        MAIL_WORKER_INTERVAL_SECONDS: '0',
        JOB_INTERVAL_SECONDS: '0',
        DEMO_IDP_PORT: undefined,
      },
      readyPath: '/healthz',
    })
  })

  afterAll(async () => {
    await stopProcessGroup(server?.pid)
    await line.close()
  })

  it('is red while the database cannot be reached, green once it is back, red again when it goes', async () => {
    if (!reachable) {
      console.warn('PostgreSQL at 127.0.0.1:5432 not reachable: the readiness follow-up is not tested')
      return
    }
    // Started while the database was away: alive, not ready.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    expect(await readiness(port)).toEqual({
      status: 503,
      body: { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } },
    })
    line.up = true
    expect(await until(port, 200)).toEqual({
      status: 200,
      body: { ready: true, checks: { database: 'ok', migrations: 'ok' } },
    })
    // The main API serves again.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/mandant/demo`)).status).toBe(200)
    line.cut()
    expect((await until(port, 503)).body.ready).toBe(false)
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    line.up = true
    expect((await until(port, 200)).body.ready).toBe(true)
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/mandant/demo`)).status).toBe(200)
  })
})

describe('a stop signal', () => {
  const port = TEST_PORT + 21
  let server: ChildProcess

  beforeAll(async () => {
    server = await startServer({
      port,
      dataDir: path.resolve('.data', `jest-health-${port}`),
      logFile: path.resolve('.data', `jest-health-${port}.log`),
      // A database of its own: on the suite's shared PostgreSQL its start would point the demo tenants'
      // single sign-on at its own provider, which ends with it.
      env: { DATABASE_URL: undefined, DEMO_IDP_PORT: undefined },
    })
  })

  afterAll(() => stopProcessGroup(server.pid))

  it('lets the request under way finish, then ends the process cleanly', async () => {
    // A call whose body is still on its way when the signal comes (blank: the captcha question).
    const body = '  '
    const socket = net.connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.write(
      [
        'POST /api/v1/demo/Empfehlen/create HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        'X-Requested-With: XMLHttpRequest',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        '',
      ].join('\r\n'),
    )
    // Time for the server to read the request's head, so the request counts as under way.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    process.kill(server.pid!, 'SIGTERM')
    // No new connection is taken any more, once the server has heard the signal (on a busy machine
    // that takes a moment), while the request under way still waits for its body.
    expect(await newConnectionsRefused(`http://127.0.0.1:${port}/healthz`)).toBe(true)
    expect(answer).toBe('')
    socket.write(body)
    await ended
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('"CaptchaRequired"')
    expect(await exited).toBe(0)
  })
})

/** Whether connections to the URL are refused within 10 s (answers and other failures meanwhile: asked again). */
async function newConnectionsRefused(url: string): Promise<boolean> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const failure = await fetch(url).then(
      (response) => response.arrayBuffer().then(() => null),
      (error: unknown) => error as { cause?: { code?: string } },
    )
    if (failure?.cause?.code === 'ECONNREFUSED') return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free loopback port, so that it
 * can be stopped and started without touching the machine's database that other tests share. Null
 * where the server binaries are not installed. PostgreSQL does not run as root: as root the cluster is
 * made and run as the user postgres.
 */
async function ownCluster() {
  const root = '/usr/lib/postgresql'
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined
  if (!version) return null
  const bin = (name: string) => path.join(root, version, 'bin', name)
  const asRoot = process.getuid?.() === 0
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return null
  const run = (name: string, args: string[]) => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', bin(name), ...args]]
      : [bin(name), args]
    const result = spawnSync(command, all, { encoding: 'utf8', timeout: 60_000 })
    if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr || result.stdout}`)
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'readyz-pg-'))
  if (asRoot) spawnSync('chown', ['postgres:postgres', dir])
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo
      probe.close(() => resolve(free))
    })
  })
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove() {
      spawnSync(asRoot ? 'runuser' : bin('pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', bin('pg_ctl')] : []),
        ...['-D', data, '-m', 'immediate', 'stop'],
      ])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

describe('/readyz follows a real PostgreSQL stopped and started again (a cluster of its own)', () => {
  const port = TEST_PORT + 25
  let cluster: Awaited<ReturnType<typeof ownCluster>> = null
  let server: ChildProcess | undefined

  beforeAll(async () => {
    cluster = await ownCluster()
    if (!cluster) return
    cluster.start()
    server = await startServer({
      port,
      dataDir: 'memory://',
      logFile: path.resolve('.data', `jest-health-${port}.log`),
      env: {
        DATABASE_URL: cluster.url,
        MAIL_WORKER_INTERVAL_SECONDS: '0',
        JOB_INTERVAL_SECONDS: '0',
        DEMO_IDP_PORT: undefined,
      },
    })
  }, 180_000)

  afterAll(async () => {
    await stopProcessGroup(server?.pid)
    cluster?.remove()
  })

  it('is green while PostgreSQL runs, red once it is stopped, green again when it is started', async () => {
    if (!cluster) {
      console.warn(
        'PostgreSQL server binaries not installed: the readiness of a stopped database is not tested',
      )
      return
    }
    expect(await readiness(port)).toEqual({
      status: 200,
      body: { ready: true, checks: { database: 'ok', migrations: 'ok' } },
    })
    cluster.stop()
    // The server waits for a restarting database (lib/db/client.ts), so the check mostly ends unanswered.
    expect((await until(port, 503)).body).toEqual({
      ready: false,
      checks: { database: expect.stringMatching(/^(no answer|unreachable)$/), migrations: 'unknown' },
    })
    // Alive all the while: an orchestrator takes it out of the balancer, it does not restart it.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    cluster.start()
    expect(await until(port, 200)).toEqual({
      status: 200,
      body: { ready: true, checks: { database: 'ok', migrations: 'ok' } },
    })
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/mandant/demo`)).status).toBe(200)
  }, 180_000)
})
