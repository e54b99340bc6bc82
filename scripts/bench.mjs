// npm run bench: throughput of cached tenant pages against a static prerendered page of the same server,
// measured in the same run (QUALITY.md, Performance: home ≥ 90 % of static).
//   1. a production build in .next-bench (SKIP_BUILD=1 reuses it)
//   2. the production server (server.mjs, as npm start) on port 3102 with a fresh PGlite directory
//      (.data/bench-pglite-3102); BENCH_SERVER=next-start measures `next start` without the edge steps
//   3. warm-up, then autocannon rounds alternating /status (static), the cached public pages (home in
//      both languages, a category page, the FAQ, the privacy page) and one main-API
//      call (/api/v1/mandant/demo: what a call of the built-in engine over loopback costs)
//   4. req/s and p99 per URL, the ratio of each cached page to static, JSON in bench-results/latest.json
// It is a measurement, not a test: it exits 0 below the target and says so. It exits non-zero only when
// it could not measure (build failed, server did not start, a URL did not answer 200).
// Tuning: BENCH_ROUNDS (2), BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (20); BENCH_PORT (3102)
// and BENCH_DIST_DIR (.next-bench) let two benchmarks run side by side.
// Scenarios: `npm run bench` (or `-- pages`) is the above; `npm run bench -- agency-report` (or
// BENCH_SCENARIO=agency-report) measures the agency reports at 10⁴…10⁶ recommendations on PostgreSQL
// (scripts/bench-agency-report.mjs).
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { ensureBuild, positiveInt, startBenchServer, step } from './bench-support.mjs'

const SCENARIO = process.argv[2] ?? process.env.BENCH_SCENARIO ?? 'pages'
if (SCENARIO === 'agency-report') {
  await import('./bench-agency-report.mjs')
  process.exit(process.exitCode ?? 0)
} else if (SCENARIO !== 'pages') {
  console.error(`✖ unknown benchmark "${SCENARIO}": pages (the default) or agency-report`)
  process.exit(1)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const PORT = positiveInt('BENCH_PORT', 3102)
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench'
const DATA_DIR = `.data/bench-pglite-${PORT}`
const SERVER = process.env.BENCH_SERVER === 'next-start' ? 'next start' : 'server.mjs'
const OUT_DIR = 'bench-results'
const TARGET_RATIO = 0.9
const ROUNDS = positiveInt('BENCH_ROUNDS', 2)
const DURATION = positiveInt('BENCH_DURATION', 10)
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20)
const base = `http://127.0.0.1:${PORT}`

const TARGETS = [
  { key: 'static', label: 'static /status', path: '/status', expect: '<h1' },
  // The cached public pages (QUALITY.md: home, category pages, FAQ, legal), each against /status.
  { key: 'home', label: 'home /demo', path: '/demo', expect: 'Lumenta', cachedPage: true },
  { key: 'homeEn', label: 'home /demo/en', path: '/demo/en', expect: 'Lumenta', cachedPage: true },
  {
    key: 'category',
    label: 'category /demo/glasfaser',
    path: '/demo/glasfaser',
    expect: 'Glasfaser',
    cachedPage: true,
  },
  { key: 'faq', label: 'FAQ /demo/faq', path: '/demo/faq', expect: 'faq__item', cachedPage: true },
  {
    key: 'privacy',
    label: 'privacy /demo/datenschutz',
    path: '/demo/datenschutz',
    expect: 'psoe_token',
    cachedPage: true,
  },
  // What one call of the built-in main API costs the portal over loopback (uncached pages make them).
  { key: 'api', label: 'main API /api/v1/mandant/demo', path: '/api/v1/mandant/demo', expect: '"Slug"' },
]

const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next')

/** @type {ReturnType<typeof startBenchServer> | null} */
let server = null

function fail(message) {
  console.error(`✖ ${message}`)
  server?.stop()
  process.exit(1)
}

// The benchmark always runs on the embedded default, whatever the shell has set.
const serverEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }
delete serverEnv.DATABASE_URL
delete serverEnv.MAIN_API_URL
delete serverEnv.TENANT_HOSTS

// ── 1. build ────────────────────────────────────────────────────────────────────────────────────────
if (!ensureBuild({ distDir: DIST_DIR, env: serverEnv })) fail('build failed')

// ── 2. server ───────────────────────────────────────────────────────────────────────────────────────
const inUse = await new Promise((resolve) => {
  const socket = net.connect({ port: PORT, host: '127.0.0.1' })
  socket.once('connect', () => {
    socket.destroy()
    resolve(true)
  })
  socket.once('error', () => resolve(false))
})
if (inUse) fail(`port ${PORT} is in use: another server would be measured instead of this build`)

rmSync(DATA_DIR, { recursive: true, force: true })
mkdirSync(OUT_DIR, { recursive: true })
const serverLogPath = path.join(OUT_DIR, `server-${PORT}.log`)

step(`starting ${SERVER} on port ${PORT} (PGLITE_DATA_DIR=${DATA_DIR}, log: ${serverLogPath})`)
const serverArgs = SERVER === 'next start' ? [nextBin, 'start'] : ['server.mjs']
server = startBenchServer({
  args: [...serverArgs, '-p', String(PORT)],
  env: { ...serverEnv, PORT: String(PORT), PGLITE_DATA_DIR: DATA_DIR },
  logPath: serverLogPath,
})

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'manual' })
  const body = await response.text()
  return { status: response.status, headers: response.headers, body }
}

const readyDeadline = Date.now() + 120_000
for (;;) {
  if (server.exit) fail(`the server stopped (${server.exit}); see ${serverLogPath}`)
  if (Date.now() > readyDeadline) fail(`the server did not become ready within 120 s; see ${serverLogPath}`)
  try {
    if ((await get(`${base}/api/v1/mandant/demo`)).status === 200) break
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
}

// ── 3. warm-up ──────────────────────────────────────────────────────────────────────────────────────
step('warming up (first requests render and cache the tenant pages)')
const HEADERS_OF_INTEREST = [
  'x-nextjs-cache',
  'x-nextjs-prerender',
  'x-nextjs-stale-time',
  'cache-control',
  'content-length',
  'vary',
]
const responses = {}
for (const target of TARGETS) {
  let last
  for (let i = 0; i < 5; i++) last = await get(`${base}${target.path}`)
  if (last.status !== 200) fail(`${target.path} answered ${last.status}, expected 200`)
  if (!last.body.includes(target.expect))
    fail(`${target.path} does not contain "${target.expect}": not the page that should be measured`)
  const headers = Object.fromEntries(
    HEADERS_OF_INTEREST.map((h) => [h, last.headers.get(h)]).filter(([, v]) => v !== null),
  )
  responses[target.key] = { status: last.status, bytes: Buffer.byteLength(last.body), headers }
  console.log(`  ${target.path.padEnd(10)} ${last.status}  ${JSON.stringify(headers)}`)
}
for (const target of TARGETS) {
  await autocannon({ url: `${base}${target.path}`, connections: CONNECTIONS, duration: 3 })
}

// ── 4. measure ──────────────────────────────────────────────────────────────────────────────────────
const loadBefore = os.loadavg()
if (loadBefore[0] > os.cpus().length / 2) {
  console.log(
    `  note: load average ${loadBefore[0].toFixed(1)} on ${os.cpus().length} CPUs; other work skews the numbers`,
  )
}
const runs = Object.fromEntries(TARGETS.map((t) => [t.key, []]))
for (let round = 1; round <= ROUNDS; round++) {
  // Alternate the order so neither page always runs first (warmer JIT, quieter machine).
  const order = round % 2 === 1 ? TARGETS : [...TARGETS].reverse()
  for (const target of order) {
    step(`round ${round}/${ROUNDS}: ${target.label}, ${DURATION} s, ${CONNECTIONS} connections`)
    const result = await autocannon({
      url: `${base}${target.path}`,
      connections: CONNECTIONS,
      duration: DURATION,
    })
    const run = {
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
      errors: result.errors,
      timeouts: result.timeouts,
      bytesPerSec: result.throughput.average,
    }
    runs[target.key].push(run)
    console.log(
      `  ${run.reqPerSec.toFixed(0)} req/s, p99 ${run.latencyMs.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
    )
  }
}

await server.stopAndWait()

// ── 5. report ───────────────────────────────────────────────────────────────────────────────────────
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length
const summary = Object.fromEntries(
  TARGETS.map((t) => {
    const list = runs[t.key]
    const requests = list.reduce((a, r) => a + r.requests, 0)
    const seconds = list.reduce((a, r) => a + r.seconds, 0)
    return [
      t.key,
      {
        path: t.path,
        reqPerSec: Math.round((requests / seconds) * 10) / 10,
        p99Ms: Math.round(mean(list.map((r) => r.latencyMs.p99)) * 10) / 10,
        p99WorstMs: Math.max(...list.map((r) => r.latencyMs.p99)),
        non2xx: list.reduce((a, r) => a + r.non2xx, 0),
        errors: list.reduce((a, r) => a + r.errors + r.timeouts, 0),
      },
    ]
  }),
)
const PAGES = TARGETS.filter((t) => t.cachedPage)
const ratios = Object.fromEntries(
  PAGES.map((t) => [t.key, summary[t.key].reqPerSec / summary.static.reqPerSec]),
)
const verdict = (r) => (r >= TARGET_RATIO ? 'PASS' : 'BELOW TARGET')
// Per round, so that noise from other work on the machine shows as a spread between rounds.
const roundRatios = Array.from({ length: ROUNDS }, (_, i) => ({
  round: i + 1,
  ...Object.fromEntries(
    PAGES.map((t) => [
      t.key,
      Math.round((runs[t.key][i].reqPerSec / runs.static[i].reqPerSec) * 1000) / 1000,
    ]),
  ),
}))
const unclean = TARGETS.filter((t) => summary[t.key].non2xx > 0 || summary[t.key].errors > 0)

console.log('\n────────────────────────────────────────────────────────────────────')
console.log(
  `  ${'URL'.padEnd(16)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
)
for (const t of TARGETS) {
  const s = summary[t.key]
  console.log(
    `  ${t.path.padEnd(16)} ${s.reqPerSec.toFixed(1).padStart(9)} ${s.p99Ms.toFixed(1).padStart(8)} ${String(s.non2xx).padStart(8)} ${String(s.errors).padStart(7)}`,
  )
}
console.log('')
for (const t of PAGES) {
  console.log(
    `  ${`${t.key}/static`.padEnd(16)} ${ratios[t.key].toFixed(3)}  ${verdict(ratios[t.key])} (target ≥ ${TARGET_RATIO})`,
  )
}
console.log(`  per round       ${roundRatios.map((r) => PAGES.map((t) => r[t.key]).join(' / ')).join(', ')}`)
if (unclean.length)
  console.log(
    `  ! non-2xx answers or errors on ${unclean.map((t) => t.path).join(', ')}: the numbers are not comparable`,
  )
console.log(
  `  ${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections, client and server on one machine (${os.cpus().length} CPUs)`,
)
console.log('────────────────────────────────────────────────────────────────────')

const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
const report = {
  date: new Date().toISOString(),
  commit: git.status === 0 ? git.stdout.trim() : null,
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: { before: loadBefore, after: os.loadavg() },
  settings: {
    rounds: ROUNDS,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    port: PORT,
    distDir: DIST_DIR,
    server: SERVER,
  },
  target: { ratio: TARGET_RATIO },
  summary,
  ratio: {
    ...Object.fromEntries(PAGES.map((t) => [`${t.key}ToStatic`, Math.round(ratios[t.key] * 1000) / 1000])),
    rounds: roundRatios,
  },
  verdict: Object.fromEntries(PAGES.map((t) => [t.key, verdict(ratios[t.key])])),
  responses,
  runs,
}
const reportPath = path.join(OUT_DIR, PORT === 3102 ? 'latest.json' : `latest-${PORT}.json`)
writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`)
console.log(`\n  written to ${reportPath}`)
