// npm run bench: what a request of the portal and of its main API costs, against the static prerendered
// /status page of the same server, measured in the same run (QUALITY.md, Performance; issue 20).
//   1. a production build in .next-bench (SKIP_BUILD=1 reuses it)
//   2. per database, first the embedded default (a fresh PGlite directory, .data/bench-pglite-<port>),
//      then PostgreSQL (the database bench_pages dropped and created afresh; BENCH_PG_URL, its name must
//      contain "bench"; skipped with a note when PostgreSQL cannot be reached): the production server
//      (server.mjs, as npm start) on port 3102 with fixed secrets of its own, the demo tenants seeded,
//      the local mailbox on (DEV_TOOLS) and the periodic jobs off
//   3. the data, made as the portal's clients make it (scripts/bench-world.mjs): the operator raises the
//      demo tenant's recommendation limits (PUT /api/v1/mandant/demo), the demo referrer logs in to the
//      main API and, through the login form, to the portal; a shared recommendation; new referrers through
//      the opt-in mail for the logged-in creates
//   4. every URL is checked once (status and content), warmed up, then measured with autocannon in rounds
//      of alternating order: /status at both connection counts; on the embedded default only, the cached
//      public pages (home in both languages, a category page, the FAQ, the privacy page) and
//      /api/v1/mandant/demo at BENCH_CONNECTIONS (20), as before; on both databases the pages rendered per
//      request (the recommend form without and with login, the friend's landing and data form, the
//      personal area and my data) and the main-API calls produkt, produktkategorie and account/user at
//      10 connections, and Empfehlen/create (logged in) and empfaenger/create at 16, each request with
//      data of its own
//   5. the profile (scripts/bench-profile.mjs): the same database served again with BENCH_PROFILE=1,
//      each page and call asked one after the other, per request its main-API calls, SQL statements and
//      the time in each
//   6. req/s, p99, the ratio to static and each target (met or not) per database, and the profile:
//      bench-results/latest.json and latest.md (BENCH_NAME names them otherwise, e.g. before)
// It is a measurement, not a test: it exits 0 below the targets and says so. It exits non-zero only when
// it could not measure (build failed, server did not start, a URL did not answer as expected).
// Tuning: BENCH_ROUNDS (2), BENCH_DURATION seconds per run (5), BENCH_CONNECTIONS (20, the cached pages),
// BENCH_ONLY (target keys, e.g. createRecommendation: the throughput of those only, beside the static
// page they are compared with, and no profile; for comparing two builds, `BENCH_ONLY=createRecommendation
// BENCH_DATABASES=postgres` takes about a minute), BENCH_PROFILE_REQUESTS (20), BENCH_PROFILE_ONLY
// (target keys, e.g. personalData,createRecommendation:
// the profile of those only), BENCH_PROFILE_STATEMENTS=1 (each SQL statement of a request, printed and
// in the JSON), BENCH_DATABASES (pglite,postgres), BENCH_PORT (3102) and BENCH_DIST_DIR
// (.next-bench) let two benchmarks run side by side; BENCH_SERVER=next-start measures `next start`
// without the edge steps (no profile there).
// Scenarios: `npm run bench` (or `-- pages`) is the above; `npm run bench -- profile` only the profile;
// `npm run bench -- agency-report` (or BENCH_SCENARIO=agency-report) measures the agency reports at
// 10⁴…10⁶ recommendations on PostgreSQL (scripts/bench-agency-report.mjs); `npm run bench -- fault`
// runs two servers behind a balancer under mixed traffic with faults (scripts/bench-fault.mjs);
// `npm run bench -- lighthouse` scores home, the recommend form and the friend's two pages with
// Lighthouse (scripts/bench-lighthouse.mjs).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
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
import { cpuSummaryLines, monotonicMicros, readCpuProfile, summarizeCpuProfile } from './bench-cpu.mjs'
import { profileTargets, send } from './bench-profile.mjs'
import { markdownReport } from './bench-report.mjs'
import {
  REFERRER,
  TENANT,
  XRW,
  apiToken,
  portalSession,
  products,
  raiseLimits,
  recipientPool,
  recommendationPool,
  sharedRecommendation,
  unrecommended,
} from './bench-world.mjs'

const SCENARIO = process.argv[2] ?? process.env.BENCH_SCENARIO ?? 'pages'
const SCENARIO_MODULES = {
  'agency-report': './bench-agency-report.mjs',
  fault: './bench-fault.mjs',
  lighthouse: './bench-lighthouse.mjs',
}
if (SCENARIO in SCENARIO_MODULES) {
  await import(SCENARIO_MODULES[SCENARIO])
  process.exit(process.exitCode ?? 0)
} else if (SCENARIO !== 'pages' && SCENARIO !== 'profile') {
  console.error(
    `✖ unknown benchmark "${SCENARIO}": pages (the default), profile, agency-report, fault or lighthouse`,
  )
  process.exit(1)
}
const THROUGHPUT = SCENARIO === 'pages'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const PORT = positiveInt('BENCH_PORT', 3102)
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench'
const DATA_DIR = `.data/bench-pglite-${PORT}`
const PG_URL = process.env.BENCH_PG_URL || 'postgresql://postgres@127.0.0.1:5432/bench_pages'
const SERVER = process.env.BENCH_SERVER === 'next-start' ? 'next start' : 'server.mjs'
if (SERVER === 'next start' && !THROUGHPUT) {
  console.error('✖ the profile needs server.mjs (its profiling step): leave BENCH_SERVER unset')
  process.exit(1)
}
const OUT_DIR = 'bench-results'
const NAME = process.env.BENCH_NAME || (PORT === 3102 ? 'latest' : `latest-${PORT}`)
const ROUNDS = positiveInt('BENCH_ROUNDS', 2)
const DURATION = positiveInt('BENCH_DURATION', 5)
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20)
const PAGE_CONNECTIONS = 10
const CREATE_CONNECTIONS = 16
const WARMUP_SECONDS = 2
const PROFILE_REQUESTS = positiveInt('BENCH_PROFILE_REQUESTS', 20)
const PROFILE_WARMUP = 3
// The profile of some targets only, and per request each SQL statement; the throughput of some only.
const PROFILE_ONLY = targetKeys('BENCH_PROFILE_ONLY')
const PROFILE_STATEMENTS = process.env.BENCH_PROFILE_STATEMENTS === '1'
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1'
const ONLY = targetKeys('BENCH_ONLY')
const DATABASES = (process.env.BENCH_DATABASES || 'pglite,postgres').split(',').map((d) => d.trim())
const DATABASE_LABELS = { pglite: 'embedded (PGlite)', postgres: 'PostgreSQL' }
const base = `http://127.0.0.1:${PORT}`
const SECRETS = benchSecrets('bench-pages')

if (DATABASES.some((d) => !(d in DATABASE_LABELS))) {
  console.error('✖ BENCH_DATABASES lists pglite and/or postgres, e.g. pglite,postgres')
  process.exit(1)
}

/** @type {ReturnType<typeof startBenchServer> | null} */
let server = null

/**
 * Target keys listed in an environment variable (comma-separated), or undefined when it is not set.
 * @param {string} variable
 */
function targetKeys(variable) {
  const keys = process.env[variable]?.split(',').map((k) => k.trim())
  if (keys?.some((k) => k === '')) {
    console.error(`✖ ${variable} lists target keys, e.g. personalData,createRecommendation`)
    process.exit(1)
  }
  return keys
}

/** The targets of these keys; a key that names none ends the benchmark. */
function targetsNamed(keys, targets, variable) {
  const unknown = keys.filter((k) => !targets.some((t) => t.key === k))
  if (unknown.length) fail(`${variable}: no target ${unknown.join(', ')}`)
  return targets.filter((t) => keys.includes(t.key))
}

function fail(message) {
  console.error(`✖ ${message}`)
  server?.stop()
  process.exit(1)
}

/** Runs a step that may throw; a failure ends the benchmark (it could not measure). */
async function orFail(what, work) {
  try {
    return await work()
  } catch (error) {
    fail(`${what}: ${error instanceof Error ? error.message : error}`)
  }
}

// The benchmark chooses its database itself, whatever the shell has set.
const buildEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }
delete buildEnv.DATABASE_URL
delete buildEnv.MAIN_API_URL
delete buildEnv.TENANT_HOSTS

// ── the targets ─────────────────────────────────────────────────────────────────────────────────────
// Each target: what one request is (`request()`, called per request where `unique` says the data must be
// new each time), the answer it must give, the connections it is measured at, the static run it is
// compared with (`base`) and its goal (issue 20, QUALITY.md): a ratio to static and/or a p99.

const get =
  (pathname, headers = {}) =>
  () => ({ method: 'GET', path: pathname, headers })

/** The cached public pages and one main-API call over loopback, as the bench measured them before. */
function cachedTargets() {
  const cached = (key, pathname, text) => ({
    key,
    label: `${key === 'homeEn' ? 'home (en)' : key} ${pathname}`,
    kind: 'cached',
    path: pathname,
    request: get(pathname),
    expect: { status: 200, text },
    connections: CONNECTIONS,
    base: 'static',
    goal: { ratio: 0.9 },
  })
  return [
    staticTarget('static', CONNECTIONS),
    cached('home', '/demo', 'Lumenta'),
    cached('homeEn', '/demo/en', 'Lumenta'),
    cached('category', '/demo/glasfaser', 'Glasfaser'),
    cached('faq', '/demo/faq', 'faq__item'),
    cached('privacy', '/demo/datenschutz', 'psoe_token'),
    // What one call of the built-in main API costs the portal over loopback (uncached pages make them).
    {
      key: 'mandant',
      label: 'main API /api/v1/mandant/demo',
      kind: 'api',
      path: '/api/v1/mandant/demo',
      request: get('/api/v1/mandant/demo'),
      expect: { status: 200, text: '"Slug"' },
      connections: CONNECTIONS,
      base: 'static',
      goal: {},
    },
  ]
}

function staticTarget(key, connections) {
  return {
    key,
    label: `static /status (${connections} conn.)`,
    kind: 'static',
    path: '/status',
    request: get('/status'),
    expect: { status: 200, text: '<h1' },
    connections,
    base: key,
    goal: {},
  }
}

/** The pages rendered per request and the main-API calls of issue 20. */
function perRequestTargets(world, recommendations) {
  const { product, landing, cookie, token } = world
  const session = { Cookie: cookie }
  const page = ({ key, label, path: pathname, headers = {}, text, ratio }) => ({
    key,
    label,
    kind: 'page',
    path: pathname,
    request: get(pathname, headers),
    expect: { status: 200, text },
    connections: PAGE_CONNECTIONS,
    base: 'static10',
    goal: { ratio, p99: 150 },
  })
  const read = ({ key, call, headers = {}, text }) => ({
    key,
    label: `GET ${call}`,
    kind: 'api',
    path: `/api/v1/${TENANT}/${call}`,
    request: get(`/api/v1/${TENANT}/${call}`, { ...XRW, ...headers }),
    expect: { status: 200, text },
    connections: PAGE_CONNECTIONS,
    base: 'static10',
    goal: { ratio: 0.4 },
  })
  const create = ({ key, label, pool, text, goal = {} }) => ({
    key,
    label,
    kind: 'api',
    unique: true,
    request: () => {
      const { path: pathname, headers, body } = pool.next()
      return { method: 'POST', path: pathname, headers: { ...XRW, ...headers }, body }
    },
    expect: { status: 200, text },
    connections: CREATE_CONNECTIONS,
    base: 'static10',
    goal,
  })
  return [
    staticTarget('static10', PAGE_CONNECTIONS),
    page({
      key: 'recommend',
      label: 'recommend form',
      path: `/${TENANT}/empfehlen/${product.id}`,
      text: product.name,
      ratio: 0.5,
    }),
    page({
      key: 'recommendLoggedIn',
      label: 'recommend form, logged in',
      path: `/${TENANT}/empfehlen/${product.id}`,
      headers: session,
      text: product.name,
      ratio: 0.1,
    }),
    // The page is the same for everyone; the browser asks the session for the referrer's own details.
    page({
      key: 'sessionRead',
      label: "recommend form's session read, logged in",
      path: `/api/session/${TENANT}`,
      headers: session,
      text: `"email":"${REFERRER.email}"`,
      ratio: 0.1,
    }),
    page({
      key: 'landing',
      label: "friend's landing",
      path: `/${TENANT}/empfehlung/${landing.nr}`,
      text: landing.name,
      ratio: 0.5,
    }),
    page({
      key: 'recipientForm',
      label: 'recipient data form',
      path: `/${TENANT}/empfaengerdaten/${landing.nr}`,
      text: 'name="geburtsdatum"',
      ratio: 0.1,
    }),
    page({
      key: 'personalArea',
      label: 'personal area',
      path: `/${TENANT}/persoenlicherbereich`,
      headers: session,
      // The page is the same for every logged-in referrer; the browser reads what is his own (below).
      text: 'id="recommendations-title"',
      ratio: 0.1,
    }),
    page({
      key: 'personalData',
      label: "personal area's data read, logged in",
      path: `/api/dashboard/${TENANT}`,
      headers: session,
      text: '"recommendations":[',
      ratio: 0.1,
    }),
    page({
      key: 'myData',
      label: 'my data',
      path: `/${TENANT}/meinedaten`,
      headers: session,
      // The page is the same for every logged-in referrer; the browser reads the account (session read).
      text: 'id="personal-title"',
      ratio: 0.1,
    }),
    read({ key: 'produkt', call: 'produkt', text: '"AnzeigeName"' }),
    read({ key: 'produktkategorie', call: 'produktkategorie', text: '"Slug"' }),
    read({
      key: 'accountUser',
      call: 'account/user',
      headers: { Authorization: `Bearer ${token}` },
      text: `"email":"${REFERRER.email}"`,
    }),
    create({
      key: 'createRecommendation',
      label: 'POST Empfehlen/create (logged in)',
      pool: recommendations,
      text: '"Status":"Ok"',
      goal: { p99: 50, databases: ['postgres'] },
    }),
    create({
      key: 'createRecipient',
      label: 'POST empfaenger/create/{nr}',
      pool: world.friends,
      text: '"Empfaengernummer"',
    }),
  ]
}

// ── the server ──────────────────────────────────────────────────────────────────────────────────────

/** One database's server; with `profile`, the profiling mode and nothing in the background. */
async function startServer(database, { profile }) {
  const env = {
    ...buildEnv,
    ...SECRETS,
    PORT: String(PORT),
    SEED_DEMO_TENANTS: 'true',
    // The opt-in mails of new referrers are read from the local mailbox.
    DEV_TOOLS: 'true',
    JOB_INTERVAL_SECONDS: '0',
    ...(database === 'pglite' ? { PGLITE_DATA_DIR: DATA_DIR } : { DATABASE_URL: PG_URL }),
    ...(profile ? { BENCH_PROFILE: '1', MAIL_WORKER_INTERVAL_SECONDS: '0' } : {}),
  }
  const logPath = path.join(OUT_DIR, `server-${PORT}-${database}${profile ? '-profile' : ''}.log`)
  step(
    `starting ${SERVER} on port ${PORT}: ${DATABASE_LABELS[database]}${profile ? ', BENCH_PROFILE=1' : ''} (log: ${logPath})`,
  )
  const args =
    SERVER === 'next start'
      ? [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start']
      : ['server.mjs']
  const cpuProfile = CPU_PROFILE && !profile ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir(database)] : []
  server = startBenchServer({ args: [...cpuProfile, ...args, '-p', String(PORT)], env, logPath })
  const problem = await waitUntilReady({
    server,
    url: `${base}/api/v1/mandant/${TENANT}`,
    timeoutMs: 180_000,
  })
  if (problem) fail(`${problem}; see ${logPath}`)
}

/** Where the throughput server of a database writes its CPU profile (BENCH_CPU_PROFILE). */
const cpuProfilesOf = (database) => path.join(OUT_DIR, 'cpu-profiles', `${NAME}-${database}`)

/** The folder of the database's CPU profile, emptied. */
function cpuProfileDir(database) {
  const dir = cpuProfilesOf(database)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}

/**
 * Where the stopped throughput server's CPU went while each target was measured, from the CPU profile
 * of its main thread, per target over its rounds. Node names a profile
 * CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; the main thread is thread 0 (the embedded
 * database's thread writes one of its own).
 */
function serverCpuProfile(database, { runs }) {
  const dir = cpuProfilesOf(database)
  const main = readdirSync(dir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
  if (!main) {
    console.log(`  ! no CPU profile of the main thread in ${dir}: the server did not stop gracefully`)
    return null
  }
  const file = path.join(dir, main)
  const profile = readCpuProfile(file)
  const targets = {}
  for (const [key, measured] of Object.entries(runs)) {
    step(`where the server's CPU went: ${key} (${file})`)
    targets[key] = summarizeCpuProfile(profile, { top: 20, windows: measured.map((run) => run.window) })
    for (const line of cpuSummaryLines(targets[key])) console.log(line)
  }
  return { file, targets }
}

/** The demo referrer logged in twice, its shared recommendations, the catalogue and the friends' pool. */
async function prepareWorld() {
  step('preparing: tenant limits (operator), logins, shared recommendations')
  const settings = await raiseLimits(base, SECRETS.OPERATOR_API_KEY)
  const share = settings.RewardShareOptions[0]
  const catalogue = await products(base)
  const token = await apiToken(base, REFERRER)
  const cookie = await portalSession(base, REFERRER)
  const free = await unrecommended(base, token, catalogue)
  // Two for the pages and the friends, the rest for the profile's creates (1 check, warm-up, requests).
  if (free.length < 3 + PROFILE_WARMUP + PROFILE_REQUESTS)
    throw new Error(`only ${free.length} products are left to recommend: lower BENCH_PROFILE_REQUESTS`)
  const [landingId, friendsId] = free.splice(0, 2)
  const runId = Date.now().toString(36)
  const world = {
    share,
    runId,
    token,
    cookie,
    free,
    productIds: catalogue.map((p) => p.id),
    product: catalogue[0],
    landing: {
      nr: await sharedRecommendation(base, token, landingId, share),
      name: catalogue.find((p) => p.id === landingId).name,
    },
    friends: recipientPool({ nr: await sharedRecommendation(base, token, friendsId, share), runId }),
  }
  console.log(`  product ${world.product.id}, landing ${world.landing.nr}, ${free.length} products left`)
  return world
}

/** Each target answers as it should before it is measured: else the numbers would be of something else. */
async function check(targets) {
  const responses = {}
  for (const target of targets) {
    const answer = await send(base, target)
    const { status, text } = target.expect
    if (answer.status !== status) fail(`${target.label} answered ${answer.status}, expected ${status}`)
    if (!answer.text.includes(text))
      fail(`${target.label} does not contain "${text}": not what should be measured`)
    responses[target.key] = { status: answer.status, bytes: Buffer.byteLength(answer.text) }
    console.log(`  ${String(answer.status).padEnd(4)} ${target.label}`)
  }
  return responses
}

// ── throughput ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One autocannon run of the target; targets with unique data make each request in setupRequest. For a
 * target with a p99 goal the result also lists the answers slower than it (`slow`: [ms into the run
 * when asked, ms taken]): a stall shows as many asked at one moment.
 */
function cannon(target, seconds) {
  const options = { url: base, connections: target.connections, duration: seconds }
  if (!target.unique) {
    const { method, path: pathname, headers } = target.request()
    return cannonRun({ ...options, url: `${base}${pathname}`, method, headers }, target.goal.p99)
  }
  const setupRequest = (request) => {
    const { method, path: pathname, headers, body } = target.request()
    return {
      ...request,
      method,
      path: pathname,
      headers: { ...request.headers, ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }
  }
  return cannonRun({ ...options, requests: [{ setupRequest }] }, target.goal.p99)
}

function cannonRun(options, slowerThan) {
  /** @type {[number, number][]} */
  const slow = []
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, slow }),
    )
    if (slowerThan !== undefined)
      instance.on('response', (_client, _status, _bytes, ms) => {
        if (ms > slowerThan) slow.push([Math.round(performance.now() - started - ms), Math.round(ms)])
      })
  })
}

/**
 * The answers of a run slower than the target's p99 goal: how many, and between which moments of the run they were
 * asked (all within a fraction of a second: one stall of server or machine; spread: a slow target).
 */
function slowAnswers(result) {
  const slow = result.slow ?? []
  if (slow.length === 0) return { count: 0 }
  const asked = slow.map(([at]) => at)
  return {
    count: slow.length,
    firstAskedMs: Math.min(...asked),
    lastAskedMs: Math.max(...asked),
    slowestMs: Math.max(...slow.map(([, ms]) => ms)),
  }
}

/**
 * CPU seconds used so far by the server's process and, measuring PostgreSQL, by the machine's PostgreSQL
 * processes (Linux's /proc; null elsewhere). Per request over a run, they compare two builds more
 * steadily than the rate on a machine whose speed varies; PostgreSQL's share counts whatever else uses
 * that server meanwhile.
 * @param {string} database
 */
function cpuSeconds(database) {
  const ticks = 100
  /** @param {string} pid */
  const stat = (pid) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return {
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      cpu: (Number(fields[11]) + Number(fields[12])) / ticks,
    }
  }
  try {
    const own = server?.pid ? stat(String(server.pid)).cpu : null
    if (own === null) return null
    if (database !== 'postgres') return { server: own, postgres: null }
    /** @type {Map<string, number>} each PostgreSQL process's own, by pid */
    const postgres = new Map()
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        const found = stat(pid)
        if (found.name === 'postgres') postgres.set(pid, found.cpu)
      } catch {
        // ended meanwhile
      }
    }
    return { server: own, postgres }
  } catch {
    return null
  }
}

/**
 * Milliseconds of CPU per request between two readings of cpuSeconds. PostgreSQL's: what each process
 * there at the end used since the first reading (all of it if it started meanwhile); a connection that
 * ended meanwhile takes its share with it.
 */
function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null
  const perRequest = (seconds) => Math.round((seconds * 1000 * 100) / requests) / 100
  const server = perRequest(after.server - before.server)
  if (!before.postgres || !after.postgres) return { server }
  let postgres = 0
  for (const [pid, cpu] of after.postgres) postgres += Math.max(0, cpu - (before.postgres.get(pid) ?? 0))
  return { server, postgres: perRequest(postgres) }
}

function runOf(result, round) {
  return {
    round,
    requests: result.requests.total,
    seconds: result.duration,
    reqPerSec: result.requests.total / result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    slow: slowAnswers(result),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  }
}

async function measureThroughput(database, world) {
  const recommendations = recommendationPool(base, {
    productIds: world.productIds,
    share: world.share,
    runId: world.runId,
  })
  // Enough for about 400 creates per second (a top-up between runs covers more, at the cost of a pause).
  const expected = (rate, seconds) => Math.ceil(rate * seconds * 1.5) + 50
  step('making referrers through the opt-in mail (the logged-in creates recommend each product once)')
  const made = performance.now()
  await orFail('making referrers', () =>
    recommendations.ensure(expected(400, WARMUP_SECONDS + DURATION * ROUNDS)),
  )
  console.log(
    `  ${recommendations.remaining} recommendations to create, ready in ${((performance.now() - made) / 1000).toFixed(1)} s`,
  )

  const cached = cachedTargets()
  const all = [...(database === 'pglite' ? cached : []), ...perRequestTargets(world, recommendations)]
  // A key may name a target of the other database only (the cached pages are measured on PGlite).
  const chosen = ONLY && targetsNamed(ONLY, [...cached, ...all], 'BENCH_ONLY').filter((t) => all.includes(t))
  const targets = chosen ? all.filter((t) => chosen.includes(t) || chosen.some((c) => c.base === t.key)) : all
  step('checking every URL')
  const responses = await check(targets)

  step('warming up')
  const rates = {}
  for (const target of targets) {
    for (let i = 0; i < 5; i++) await send(base, target)
    const result = await cannon(target, WARMUP_SECONDS)
    rates[target.key] = result.requests.total / result.duration
  }

  const runs = Object.fromEntries(targets.map((t) => [t.key, []]))
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate the order so no target always runs first (warmer JIT, quieter machine, smaller tables).
    const order = round % 2 === 1 ? targets : [...targets].reverse()
    for (const target of order) {
      if (target.key === 'createRecommendation')
        await orFail('making referrers', () => recommendations.ensure(expected(rates[target.key], DURATION)))
      step(
        `${DATABASE_LABELS[database]}, round ${round}/${ROUNDS}: ${target.label}, ${DURATION} s, ${target.connections} connections`,
      )
      const before = cpuSeconds(database)
      const from = monotonicMicros()
      const result = await cannon(target, DURATION)
      const window = [from, monotonicMicros()]
      const cpuMsPerRequest = cpuPerRequest(before, cpuSeconds(database), result.requests.total)
      // The window picks the run's samples from the server's CPU profile (BENCH_CPU_PROFILE).
      const run = { ...runOf(result, round), cpuMsPerRequest, ...(CPU_PROFILE ? { window } : {}) }
      rates[target.key] = run.reqPerSec
      runs[target.key].push(run)
      const cpu = cpuMsPerRequest
      console.log(
        `  ${run.reqPerSec.toFixed(0)} req/s, p99 ${run.latencyMs.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}` +
          (cpu ? `; CPU per request: server ${cpu.server} ms` : '') +
          (cpu?.postgres === undefined ? '' : `, PostgreSQL ${cpu.postgres} ms`),
      )
    }
  }
  const summary = summarize(database, targets, runs)
  printSummary(database, targets, summary)
  const notes = []
  for (const target of targets)
    for (const run of runs[target.key]) {
      const slow = run.slow
      const { goal } = target
      if (!goalApplies(goal, database) || goal.p99 === undefined) continue
      if (run.latencyMs.p99 <= goal.p99 || slow.count === 0) continue
      notes.push(
        `${target.label}, round ${run.round}: p99 ${run.latencyMs.p99} ms; ${slow.count} of ${run.requests} answers over ${target.goal.p99} ms (slowest ${slow.slowestMs} ms), asked between ${(slow.firstAskedMs / 1000).toFixed(2)} and ${(slow.lastAskedMs / 1000).toFixed(2)} s into the run`,
      )
    }
  if (recommendations.exhausted)
    notes.push(`the recommendation pool ran dry: ${recommendations.exhausted} creates were refused repeats`)
  return { summary, responses, runs, notes }
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length
const round1 = (value) => Math.round(value * 10) / 10

/** Whether the target's goal counts on this database (some hold for one database only). */
function goalApplies(goal, database) {
  return !goal.databases || goal.databases.includes(database)
}

/** Whether the target's goal is met; null where it has none on this database. */
function goalMet(goal, { ratio, p99Ms }, database) {
  if (!goalApplies(goal, database)) return null
  if (goal.ratio === undefined && goal.p99 === undefined) return null
  return (goal.ratio === undefined || ratio >= goal.ratio) && (goal.p99 === undefined || p99Ms <= goal.p99)
}

function goalText(goal) {
  const parts = []
  if (goal.ratio !== undefined) parts.push(`≥ ${goal.ratio}× static`)
  if (goal.p99 !== undefined) parts.push(`p99 ≤ ${goal.p99} ms`)
  const where = goal.databases ? ` (${goal.databases.map((d) => DATABASE_LABELS[d]).join(', ')})` : ''
  return parts.length ? `${parts.join(', ')}${where}` : ''
}

function summarize(database, targets, runs) {
  const summary = {}
  for (const t of targets) {
    const list = runs[t.key]
    const statusCodes = {}
    for (const run of list)
      for (const [code, count] of Object.entries(run.statusCodes))
        statusCodes[code] = (statusCodes[code] ?? 0) + count
    summary[t.key] = {
      label: t.label,
      kind: t.kind,
      path: t.path ?? null,
      connections: t.connections,
      base: t.base,
      goal: goalText(t.goal),
      reqPerSec: round1(list.reduce((a, r) => a + r.requests, 0) / list.reduce((a, r) => a + r.seconds, 0)),
      p99Ms: round1(mean(list.map((r) => r.latencyMs.p99))),
      p99WorstMs: Math.max(...list.map((r) => r.latencyMs.p99)),
      non2xx: list.reduce((a, r) => a + r.non2xx, 0),
      errors: list.reduce((a, r) => a + r.errors + r.timeouts, 0),
      statusCodes,
      // Per round, so that noise from other work on the machine shows as a spread between rounds.
      roundRatios: list.map((r, i) => Math.round((r.reqPerSec / runs[t.base][i].reqPerSec) * 1000) / 1000),
    }
  }
  for (const t of targets) {
    const s = summary[t.key]
    s.ratio = Math.round((s.reqPerSec / summary[t.base].reqPerSec) * 1000) / 1000
    s.met = goalMet(t.goal, s, database)
  }
  return summary
}

function printSummary(database, targets, summary) {
  console.log(`\n──── ${DATABASE_LABELS[database]} ${'─'.repeat(80)}`)
  console.log(
    `  ${'target'.padEnd(44)} ${'conn'.padStart(4)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'×static'.padStart(8)}  ${'errors'.padStart(6)}  goal`,
  )
  for (const t of targets) {
    const s = summary[t.key]
    const verdict = s.met === null ? '' : s.met ? 'met' : 'BELOW TARGET'
    console.log(
      `  ${t.label.padEnd(44)} ${String(t.connections).padStart(4)} ${s.reqPerSec.toFixed(1).padStart(8)} ${s.p99Ms.toFixed(1).padStart(7)} ${s.ratio.toFixed(3).padStart(8)}  ${String(s.non2xx + s.errors).padStart(6)}  ${s.goal}${verdict ? ` → ${verdict}` : ''}`,
    )
  }
}

// ── profile ─────────────────────────────────────────────────────────────────────────────────────────

async function measureProfile(database, world) {
  // The demo referrer's own products serve the profile's creates: no mail worker runs in this server.
  const recommendations = recommendationPool(base, {
    productIds: world.productIds,
    share: world.share,
    runId: world.runId,
  })
  recommendations.add(world.token, world.free.splice(0))
  const targets = [
    ...(database === 'pglite' ? cachedTargets().filter((t) => t.kind !== 'static') : []),
    ...perRequestTargets(world, recommendations),
  ]
  step(`checking every URL (profiling server)`)
  await check(targets)
  step(`profile: ${PROFILE_REQUESTS} requests per target, one at a time, after ${PROFILE_WARMUP} to warm up`)
  const only = PROFILE_ONLY ? targetsNamed(PROFILE_ONLY, targets, 'BENCH_PROFILE_ONLY') : targets
  return profileTargets({
    base,
    targets: only,
    requests: PROFILE_REQUESTS,
    warmup: PROFILE_WARMUP,
    statements: PROFILE_STATEMENTS,
  })
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────────

const started = performance.now()
if (!ensureBuild({ distDir: DIST_DIR, env: buildEnv })) fail('build failed')
if (await portInUse(PORT))
  fail(`port ${PORT} is in use: another server would be measured instead of this build`)
mkdirSync(OUT_DIR, { recursive: true })

const loadBefore = os.loadavg()
if (loadBefore[0] > os.cpus().length / 2) {
  console.log(
    `  note: load average ${loadBefore[0].toFixed(1)} on ${os.cpus().length} CPUs; other work skews the numbers`,
  )
}
const databases = {}
for (const database of DATABASES) {
  if (database === 'pglite') {
    rmSync(DATA_DIR, { recursive: true, force: true })
  } else {
    step(`creating the PostgreSQL database afresh (${PG_URL})`)
    const problem = await recreateDatabase(PG_URL)
    if (problem) {
      console.log(`  ! PostgreSQL skipped: ${problem}`)
      databases[database] = { label: DATABASE_LABELS[database], skipped: problem }
      continue
    }
  }
  const result = { label: DATABASE_LABELS[database], notes: [] }
  databases[database] = result
  await startServer(database, { profile: !THROUGHPUT })
  const world = await orFail('preparing the data', prepareWorld)
  if (THROUGHPUT) {
    result.throughput = await measureThroughput(database, world)
    result.notes.push(...result.throughput.notes)
    // Writing a CPU profile of minutes takes the stopping server some seconds.
    await server.stopAndWait(CPU_PROFILE ? 60_000 : undefined)
    if (CPU_PROFILE) result.cpuProfile = serverCpuProfile(database, result.throughput)
    if (SERVER === 'next start') {
      result.notes.push('no profile: `next start` has no profiling step (server.mjs only)')
      continue
    }
    if (ONLY) {
      result.notes.push(`no profile: the throughput of ${ONLY.join(', ')} only (BENCH_ONLY)`)
      continue
    }
    await startServer(database, { profile: true })
  }
  result.profile = await orFail('profiling', () => measureProfile(database, world))
  for (const row of result.profile.rows.filter((r) => r.failed))
    result.notes.push(`profile: ${row.failed} of ${PROFILE_REQUESTS} requests of ${row.label} failed`)
  await server.stopAndWait()
}

const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
const report = {
  date: new Date().toISOString(),
  commit: git.status === 0 ? git.stdout.trim() : null,
  scenario: SCENARIO,
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: { before: loadBefore, after: os.loadavg() },
  settings: {
    rounds: ROUNDS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP_SECONDS,
    connections: { cached: CONNECTIONS, pages: PAGE_CONNECTIONS, creates: CREATE_CONNECTIONS },
    profileRequests: PROFILE_REQUESTS,
    port: PORT,
    distDir: DIST_DIR,
    server: SERVER,
    postgres: PG_URL,
  },
  databases,
}
const jsonPath = path.join(OUT_DIR, `${NAME}.json`)
const markdownPath = path.join(OUT_DIR, `${NAME}.md`)
writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
writeFileSync(markdownPath, markdownReport(report))
console.log(
  `\n  written to ${jsonPath} and ${markdownPath} (${((performance.now() - started) / 60_000).toFixed(1)} min)`,
)
