// npm run bench -- fault (BENCH_SCENARIO=fault): two production servers on one PostgreSQL behind a small
// balancer (scripts/bench-balancer.mjs), mixed traffic for BENCH_FAULT_SECONDS (60) after a warm-up, and
// faults within the run (issue 21):
//   - server A is killed (SIGKILL) at 25 % of the run and started again at 37 %;
//   - PostgreSQL is restarted (pg_ctlcluster … restart, fast mode) at 58 %: every /readyz goes red and
//     comes back, the servers' connections are ended;
//   - the SMTP sink (a loopback SMTP server in this process) is down from 75 % to 87 %.
// The traffic: the friend's landing, the recommend form, the personal area with its data read,
// anonymous Empfehlen/create (a new referrer each time: 409 OptInRequired, the recommendation stored
// and the opt-in mail queued) and empfaenger/create on one shared recommendation, BENCH_FAULT_RATE (40)
// requests per second sent on schedule whether earlier ones have answered or not. Afterwards it waits
// until the outbox has delivered everything, then checks in the database that every acknowledged write
// is there, and at the sink that every mail of the run arrived exactly once. It reports p50/p99
// outside and inside the fault windows, the error rate, the /readyz transitions and the mail figures:
// bench-results/fault.md and fault.json
// (BENCH_NAME names them otherwise). The database (BENCH_FAULT_PG_URL, default bench_fault on
// 127.0.0.1:5432) is dropped and made afresh. The PostgreSQL restart needs pg_ctlcluster and the right
// to run it (root here); without them that fault is left out and the report says so. It restarts the
// machine's PostgreSQL: nothing else should be using it during the run.
import http from 'node:http'
import { execFile, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import {
  benchSecrets,
  ensureBuild,
  portInUse,
  positiveInt,
  recreateDatabase,
  startBenchServer,
  step,
  waitUntilReady,
} from './bench-support.mjs'
import { startBalancer } from './bench-balancer.mjs'
import {
  REFERRER,
  TENANT,
  XRW,
  apiToken,
  portalSession,
  products,
  raiseLimits,
  recipientPool,
  recommendationBody,
  sharedRecommendation,
  unrecommended,
} from './bench-world.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench'
const PG_URL = process.env.BENCH_FAULT_PG_URL || 'postgresql://postgres@127.0.0.1:5432/bench_fault'
const SECONDS = positiveInt('BENCH_FAULT_SECONDS', 60)
const RATE = positiveInt('BENCH_FAULT_RATE', 40)
const WARMUP_SECONDS = 5
const PORTS = { a: 3104, b: 3105, balancer: 3106, smtp: 2526 }
const NAME = process.env.BENCH_NAME || 'fault'
const OUT_DIR = 'bench-results'
/** After the run, how long the outbox may take to deliver what the SMTP outage held back. */
const DRAIN_SECONDS = 240
/** A fault's window lasts until its cause is gone, and this long after. */
const SETTLE_MS = 3_000
const P99_GOAL_MS = 300
const ERROR_GOAL = 0.001
const SECRETS = benchSecrets('bench-fault')
const base = `http://127.0.0.1:${PORTS.balancer}`

const buildEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }
for (const name of ['DATABASE_URL', 'MAIN_API_URL', 'TENANT_HOSTS', 'SMTP_URL', 'REDIS_URL', 'DEV_TOOLS'])
  delete buildEnv[name]

/** @type {Set<{ stopAndWait: () => Promise<void> }>} */
const running = new Set()
const cleanups = []

async function fail(message) {
  console.error(`✖ ${message}`)
  await cleanup()
  process.exit(1)
}

async function cleanup() {
  for (const done of cleanups.splice(0).reverse()) await done().catch(() => undefined)
  for (const server of running) await server.stopAndWait()
}

// ── the SMTP sink ───────────────────────────────────────────────────────────────────────────────────

/** Every message received: its Message-ID and recipients; `down`/`up` close and reopen the port. */
function smtpSink() {
  /** @type {{ messageId: string, to: string[] }[]} */
  const received = []
  let server = null
  const open = () =>
    new Promise((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // Down means down: connections still open are cut after a second.
        closeTimeout: 1_000,
        onData(stream, session, callback) {
          let raw = ''
          stream.on('data', (chunk) => (raw += chunk.toString('utf8')))
          stream.on('end', () => {
            const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? ''
            received.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address) })
            callback()
          })
        },
      })
      server.once('error', reject)
      server.listen(PORTS.smtp, '127.0.0.1', () => resolve(undefined))
    })
  const close = () =>
    new Promise((resolve) => {
      if (!server) return resolve(undefined)
      const closing = server
      server = null
      closing.close(() => resolve(undefined))
    })
  return { received, up: open, down: close }
}

// ── the servers ─────────────────────────────────────────────────────────────────────────────────────

function serverEnv(port) {
  return {
    ...buildEnv,
    ...SECRETS,
    PORT: String(port),
    DATABASE_URL: PG_URL,
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    SEED_DEMO_TENANTS: 'true',
    SHUTDOWN_GRACE_SECONDS: '5',
  }
}

const starts = {}

async function startServer(name, port) {
  starts[name] = (starts[name] ?? 0) + 1
  const logPath = path.join(OUT_DIR, `server-fault-${name}${starts[name] > 1 ? `-${starts[name]}` : ''}.log`)
  const server = startBenchServer({
    args: ['server.mjs', '-p', String(port)],
    env: serverEnv(port),
    logPath,
  })
  running.add(server)
  const problem = await waitUntilReady({ server, url: `http://127.0.0.1:${port}/readyz`, timeoutMs: 180_000 })
  if (problem) await fail(`server ${name}: ${problem}; see ${logPath}`)
  return { server, logPath }
}

/** The pid of the process group's leader: SIGKILL to the group, as a crashed machine would. */
function killHard(server) {
  const pid = server.pid
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
  running.delete(server)
}

// ── PostgreSQL restart ──────────────────────────────────────────────────────────────────────────────

/** The `pg_ctlcluster` arguments that restart the cluster serving PG_URL's port, or why not. */
function postgresRestart() {
  if (process.env.BENCH_FAULT_RESTART_PG === '0') return { why: 'BENCH_FAULT_RESTART_PG=0' }
  const port = new URL(PG_URL).port || '5432'
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
  if (listed.status !== 0) return { why: 'pg_lsclusters is not available' }
  const cluster = listed.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === port && fields[3] === 'online')
  if (!cluster) return { why: `no online cluster on port ${port} in pg_lsclusters` }
  if (os.userInfo().uid !== 0 && os.userInfo().username !== 'postgres')
    return { why: 'pg_ctlcluster needs root or postgres' }
  return { args: [cluster[0], cluster[1], 'restart', '-m', 'fast'] }
}

// ── traffic ─────────────────────────────────────────────────────────────────────────────────────────

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/** One request through the balancer: status and body, or status 0 when the connection failed. */
function send({ method, path: pathname, headers = {}, body }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.balancer,
        method,
        path: pathname,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
        },
        timeout: 30_000,
      },
      (answer) => {
        const chunks = []
        answer.on('data', (chunk) => chunks.push(chunk))
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
        answer.on('error', () => resolve({ status: 0, text: '' }))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', () => resolve({ status: 0, text: '' }))
    request.end(payload)
  })
}

/** The mix, in the order each client walks it: what a campaign's visitors and referrers do. */
const MIX = [
  'landing',
  'recommendForm',
  'createRecommendation',
  'landing',
  'personalArea',
  'personalData',
  'createRecipient',
  'landing',
  'recommendForm',
  'createRecommendation',
]

function trafficKinds(world) {
  const session = { Cookie: world.cookie }
  let referrers = 0
  return {
    landing: () => ({
      request: { method: 'GET', path: `/${TENANT}/empfehlung/${world.nr}` },
      ok: (a) => a.status === 200 && a.text.includes(world.productName),
    }),
    recommendForm: () => ({
      request: { method: 'GET', path: `/${TENANT}/empfehlen/${world.product}` },
      ok: (a) => a.status === 200 && a.text.includes(world.productName),
    }),
    personalArea: () => ({
      request: { method: 'GET', path: `/${TENANT}/persoenlicherbereich`, headers: session },
      ok: (a) => a.status === 200 && a.text.includes('id="recommendations-title"'),
    }),
    personalData: () => ({
      request: { method: 'GET', path: `/api/dashboard/${TENANT}`, headers: session },
      ok: (a) => a.status === 200 && a.text.includes('"recommendations":['),
    }),
    createRecommendation: () => {
      const email = `fault-${world.runId}-${++referrers}@example.org`
      return {
        request: {
          method: 'POST',
          path: `/api/v1/${TENANT}/Empfehlen/create`,
          headers: XRW,
          body: recommendationBody(world.product, world.share, {
            Vorname: 'Flo',
            Nachname: 'Fault',
            Email: email,
          }),
        },
        // The recommendation is stored and the opt-in mail queued: the referrer confirms by mail.
        ok: (a) => a.status === 409 && a.text.includes('"OptInRequired"'),
        write: () => ({ kind: 'recommendation', key: email }),
      }
    },
    createRecipient: () => {
      const { path: pathname, body } = world.friends.next()
      return {
        request: { method: 'POST', path: pathname, headers: XRW, body },
        ok: (a) => a.status === 200 && a.text.includes('"Empfaengernummer"'),
        write: (answer) => ({ kind: 'recipient', key: JSON.parse(answer.text).Empfaengernummer }),
      }
    },
  }
}

/**
 * Requests at RATE per second on schedule, whether earlier ones have answered or not (visitors arrive
 * as they do), until `until()` says stop; each result: when it was sent (ms since t0), how long it
 * took, its kind, whether it answered as it should. Acknowledged writes are collected.
 */
async function drive({ kinds, t0, until, results, writes }) {
  const started = performance.now()
  const pending = new Set()
  for (let n = 0; !until(); n++) {
    const due = started + (n * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (until()) break
    const kind = MIX[n % MIX.length]
    const item = kinds[kind]()
    const one = (async () => {
      const sent = performance.now()
      const answer = await send(item.request)
      const ok = item.ok(answer)
      results.push({ at: sent - t0, ms: performance.now() - sent, kind, ok, status: answer.status })
      if (ok && item.write) writes.push(item.write(answer))
    })()
    pending.add(one)
    void one.finally(() => pending.delete(one))
  }
  await Promise.all(pending)
}

/** Every 200 ms each server's /readyz, asked directly: the moments it changed, and whether all are ready. */
function watchReadiness(t0) {
  const transitions = []
  const last = {}
  let stopped = false
  const loop = async () => {
    while (!stopped) {
      await Promise.all(
        Object.entries({ A: PORTS.a, B: PORTS.b }).map(async ([name, port]) => {
          let status = 0
          try {
            const answer = await fetch(`http://127.0.0.1:${port}/readyz`, {
              signal: AbortSignal.timeout(3_000),
            })
            await answer.arrayBuffer()
            status = answer.status
          } catch {
            status = 0
          }
          const state = status === 200 ? 'ready' : status === 0 ? 'down' : `not ready (${status})`
          if (last[name] !== state) {
            last[name] = state
            transitions.push({ at: Math.round(performance.now() - t0), server: name, state })
          }
        }),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  const running = loop()
  return {
    transitions,
    allReady: () => ['A', 'B'].every((name) => last[name] === 'ready'),
    stop: async () => {
      stopped = true
      await running
    },
  }
}

// ── figures ─────────────────────────────────────────────────────────────────────────────────────────

function percentile(sorted, p) {
  if (!sorted.length) return null
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)])
}

function latencies(results) {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b)
  return { requests: results.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
}

/** Whether a request was under way at some moment of a fault window (sent before it, answered in it). */
function inWindows(result, windows) {
  return windows.some((w) => result.at <= w.to && result.at + result.ms >= w.from)
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  mkdirSync(OUT_DIR, { recursive: true })
  for (const port of Object.values(PORTS))
    if (await portInUse(port)) await fail(`port ${port} is in use: stop what listens there first`)
  if (!ensureBuild({ distDir: DIST_DIR, env: buildEnv })) await fail('the build failed')
  step(`PostgreSQL: a fresh ${new URL(PG_URL).pathname.slice(1)}`)
  const problem = await recreateDatabase(PG_URL)
  if (problem) await fail(problem)
  const restart = postgresRestart()
  if (restart.why) console.log(`  the PostgreSQL restart is left out: ${restart.why}`)

  const sink = smtpSink()
  await sink.up()
  cleanups.push(() => sink.down())

  step(
    `starting servers A (${PORTS.a}) and B (${PORTS.b}) on one database, the balancer on ${PORTS.balancer}`,
  )
  let a = await startServer('A', PORTS.a)
  await startServer('B', PORTS.b)
  const balancer = await startBalancer({
    port: PORTS.balancer,
    upstreams: [
      { name: 'A', port: PORTS.a },
      { name: 'B', port: PORTS.b },
    ],
  })
  cleanups.push(() => balancer.close())

  step('preparing: tenant limits, the demo referrer logged in, a shared recommendation')
  const settings = await raiseLimits(base, SECRETS.OPERATOR_API_KEY)
  const share = settings.RewardShareOptions[0]
  const catalogue = await products(base)
  const token = await apiToken(base, REFERRER)
  const cookie = await portalSession(base, REFERRER)
  const [shared] = await unrecommended(base, token, catalogue)
  const runId = Date.now().toString(36)
  const nr = await sharedRecommendation(base, token, shared, share)
  const world = {
    runId,
    share,
    cookie,
    nr,
    product: shared,
    productName: catalogue.find((p) => p.id === shared).name,
    friends: recipientPool({ nr, runId }),
  }

  step(`warming up both servers for ${WARMUP_SECONDS} s`)
  const kinds = trafficKinds(world)
  const warmupEnd = performance.now() + WARMUP_SECONDS * 1000
  await drive({ kinds, t0: 0, until: () => performance.now() > warmupEnd, results: [], writes: [] })

  const db = new pg.Client({ connectionString: PG_URL })
  await db.connect()
  const runStart = (await db.query('SELECT now() AS now')).rows[0].now
  await db.end()

  step(`mixed traffic for ${SECONDS} s at ${RATE} requests per second, with the faults`)
  const results = []
  const writes = []
  const t0 = performance.now()
  const at = (fraction) => fraction * SECONDS * 1000
  const readiness = watchReadiness(t0)
  const events = []
  const note = (what) => {
    const moment = Math.round(performance.now() - t0)
    events.push({ at: moment, what })
    console.log(`  ${(moment / 1000).toFixed(1).padStart(5)} s  ${what}`)
  }
  const sleepUntil = (ms) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + ms - performance.now())))
  const traffic = drive({ kinds, t0, until: () => performance.now() - t0 > SECONDS * 1000, results, writes })

  const windows = []
  const faults = (async () => {
    await sleepUntil(at(0.25))
    note('server A killed (SIGKILL)')
    const killedAt = performance.now() - t0
    killHard(a.server)
    await sleepUntil(at(0.37))
    note('server A starting again')
    a = await startServer('A', PORTS.a)
    note('server A ready')
    windows.push({
      name: 'server A killed and restarted',
      from: killedAt,
      to: performance.now() - t0 + SETTLE_MS,
    })

    if (restart.args) {
      await sleepUntil(at(0.58))
      note('PostgreSQL restarting')
      const from = performance.now() - t0
      // Not spawnSync: the clients and the balancer run in this process and must go on meanwhile.
      const failure = await new Promise((resolve) =>
        execFile('pg_ctlcluster', restart.args, (error, _stdout, stderr) =>
          resolve(error ? stderr.trim() || error.message : null),
        ),
      )
      note(failure ? `pg_ctlcluster failed: ${failure}` : 'PostgreSQL restarted')
      // Until both servers are ready again, as the readiness watcher last saw them.
      const deadline = performance.now() + 60_000
      while (!readiness.allReady() && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      note('both servers ready again')
      windows.push({ name: 'PostgreSQL restarted', from, to: performance.now() - t0 + SETTLE_MS })
    }

    await sleepUntil(at(0.75))
    note('SMTP sink down')
    await sink.down()
    await sleepUntil(at(0.87))
    await sink.up()
    note('SMTP sink up')
  })()
  await traffic
  await faults
  await readiness.stop()
  step('traffic ended: waiting for the outbox to deliver everything')

  // ── checks ──
  const check = new pg.Client({ connectionString: PG_URL })
  await check.connect()
  cleanups.push(() => check.end())
  const drainDeadline = Date.now() + DRAIN_SECONDS * 1000
  let outbox
  for (;;) {
    outbox = (
      await check.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE status = 'sent')::int AS sent,
                count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM mail_outbox WHERE created_at >= $1`,
        [runStart],
      )
    ).rows[0]
    if (outbox.sent + outbox.failed === outbox.total || Date.now() > drainDeadline) break
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  console.log(`  outbox: ${outbox.sent} of ${outbox.total} sent, ${outbox.failed} failed`)
  const runMails = (
    await check.query(`SELECT id::text, recipient FROM mail_outbox WHERE created_at >= $1`, [runStart])
  ).rows
  const receivedIds = new Map()
  for (const message of sink.received)
    receivedIds.set(message.messageId, (receivedIds.get(message.messageId) ?? 0) + 1)
  const deliveries = runMails.map((m) => receivedIds.get(`<${m.id}@referral-portal>`) ?? 0)
  const mail = {
    queued: runMails.length,
    deliveredOnce: deliveries.filter((n) => n === 1).length,
    missing: deliveries.filter((n) => n === 0).length,
    twice: deliveries.filter((n) => n > 1).length,
  }

  const acknowledged = {
    recommendation: writes.filter((w) => w.kind === 'recommendation').map((w) => w.key),
    recipient: writes.filter((w) => w.kind === 'recipient').map((w) => w.key),
  }
  const foundRecommendations = new Set(
    (
      await check.query(
        `SELECT r.email FROM referrers r JOIN recommendations m ON m.referrer_id = r.id
          WHERE r.tenant_slug = $1 AND r.email = ANY($2)`,
        [TENANT, acknowledged.recommendation],
      )
    ).rows.map((r) => r.email),
  )
  const foundRecipients = new Set(
    (
      await check.query(`SELECT empfaengernummer FROM recipients WHERE empfaengernummer = ANY($1)`, [
        acknowledged.recipient,
      ])
    ).rows.map((r) => r.empfaengernummer),
  )
  // The opt-in mail of each acknowledged recommendation, at the sink exactly once.
  const mailsTo = new Map()
  for (const message of sink.received)
    for (const to of message.to) mailsTo.set(to.toLowerCase(), (mailsTo.get(to.toLowerCase()) ?? 0) + 1)
  const optInOnce = acknowledged.recommendation.filter((email) => mailsTo.get(email) === 1).length

  await cleanup()

  // ── the report ──
  const outside = results.filter((r) => !inWindows(r, windows))
  const inside = results.filter((r) => inWindows(r, windows))
  const errors = results.filter((r) => !r.ok)
  const perKind = Object.fromEntries(
    [...new Set(MIX)].map((kind) => {
      const mine = results.filter((r) => r.kind === kind)
      return [
        kind,
        {
          ...latencies(mine.filter((r) => !inWindows(r, windows))),
          all: mine.length,
          errors: mine.filter((r) => !r.ok).length,
        },
      ]
    }),
  )
  const report = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
    node: process.version,
    cpus: os.cpus().length,
    seconds: SECONDS,
    rate: RATE,
    postgresRestart: restart.why ? `left out: ${restart.why}` : 'done',
    events,
    windows: windows.map((w) => ({ ...w, from: Math.round(w.from), to: Math.round(w.to) })),
    readiness: readiness.transitions,
    requests: results.length,
    errors: errors.length,
    errorRate: results.length ? errors.length / results.length : 0,
    errorsByKind: Object.fromEntries(Object.entries(perKind).map(([k, v]) => [k, v.errors])),
    errorsInWindows: errors.filter((r) => inWindows(r, windows)).length,
    errorStatuses: errors.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
    outside: latencies(outside),
    inside: latencies(inside),
    perKind,
    writes: {
      recommendations: {
        acknowledged: acknowledged.recommendation.length,
        missing: acknowledged.recommendation.filter((e) => !foundRecommendations.has(e)).length,
      },
      recipients: {
        acknowledged: acknowledged.recipient.length,
        missing: acknowledged.recipient.filter((n) => !foundRecipients.has(n)).length,
      },
    },
    mail: { ...mail, outbox, optInOnce, optInExpected: acknowledged.recommendation.length },
  }
  report.goals = {
    p99: {
      goal: `≤ ${P99_GOAL_MS} ms outside the fault windows`,
      met: (report.outside.p99 ?? 0) <= P99_GOAL_MS,
    },
    errors: { goal: `< ${ERROR_GOAL * 100} % overall`, met: report.errorRate < ERROR_GOAL },
    writes: {
      goal: 'every acknowledged write present',
      met: report.writes.recommendations.missing === 0 && report.writes.recipients.missing === 0,
    },
    mail: {
      goal: 'every mail delivered exactly once',
      met: mail.missing === 0 && mail.twice === 0 && optInOnce === acknowledged.recommendation.length,
    },
  }
  writeFileSync(path.join(OUT_DIR, `${NAME}.json`), `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(path.join(OUT_DIR, `${NAME}.md`), markdown(report))
  console.log(`\n${markdown(report)}`)
  console.log(`written: ${OUT_DIR}/${NAME}.md, ${OUT_DIR}/${NAME}.json`)
}

function markdown(r) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`
  const yes = (met) => (met ? 'yes' : '**no**')
  const lines = [
    '# npm run bench -- fault',
    '',
    `${r.date}, commit ${r.commit}, Node ${r.node}, ${r.cpus} CPUs shared by the clients, the balancer, both`,
    `servers and PostgreSQL. ${r.rate} requests per second on schedule (${r.requests} in all) for ${r.seconds} s after a warm-up;`,
    `PostgreSQL restart: ${r.postgresRestart}.`,
    '',
    '## Goals',
    '',
    '| goal | measured | met |',
    '| --- | --- | --- |',
    `| p99 ${r.goals.p99.goal} | ${r.outside.p99} ms (p50 ${r.outside.p50} ms, ${r.outside.requests} requests) | ${yes(r.goals.p99.met)} |`,
    `| errors ${r.goals.errors.goal} | ${r.errors} of ${r.requests} (${(r.errorRate * 100).toFixed(3)} %), ${r.errorsInWindows} of them in the fault windows | ${yes(r.goals.errors.met)} |`,
    `| ${r.goals.writes.goal} | recommendations ${r.writes.recommendations.acknowledged - r.writes.recommendations.missing} of ${r.writes.recommendations.acknowledged}, recipients ${r.writes.recipients.acknowledged - r.writes.recipients.missing} of ${r.writes.recipients.acknowledged} | ${yes(r.goals.writes.met)} |`,
    `| ${r.goals.mail.goal} | ${r.mail.deliveredOnce} of ${r.mail.queued} queued mails once, ${r.mail.missing} missing, ${r.mail.twice} twice; opt-in mails of the acknowledged recommendations once: ${r.mail.optInOnce} of ${r.mail.optInExpected} | ${yes(r.goals.mail.met)} |`,
    '',
    `Inside the fault windows: ${r.inside.requests} requests, p50 ${r.inside.p50 ?? '–'} ms, p99 ${r.inside.p99 ?? '–'} ms.`,
    `Errors by status: ${
      Object.entries(r.errorStatuses)
        .map(([k, v]) => `${k === '0' ? 'no answer' : k} × ${v}`)
        .join(', ') || 'none'
    }.`,
    '',
    '## Timeline',
    '',
    ...r.events.map((e) => `- ${s(e.at)}: ${e.what}`),
    '',
    'Fault windows (from the fault until its cause is gone, plus 3 s; a request under way at any moment of one counts in it):',
    ...r.windows.map((w) => `- ${w.name}: ${s(w.from)} – ${s(w.to)}`),
    '',
    '/readyz of each server, asked directly every 200 ms:',
    ...r.readiness.map((t) => `- ${s(t.at)}: ${t.server} ${t.state}`),
    '',
    '## Per kind, outside the fault windows',
    '',
    '| kind | requests (all) | p50 ms | p99 ms | errors (all) |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(r.perKind).map(
      ([k, v]) => `| ${k} | ${v.requests} (${v.all}) | ${v.p50 ?? '–'} | ${v.p99 ?? '–'} | ${v.errors} |`,
    ),
    '',
  ]
  return `${lines.join('\n')}\n`
}

process.on('SIGINT', async () => {
  await cleanup()
  process.exit(130)
})

await main().catch(async (error) => {
  await fail(error instanceof Error ? (error.stack ?? error.message) : String(error))
})
