// @ts-check
// npm run bench -- lighthouse (BENCH_SCENARIO=lighthouse): Lighthouse's scores, mobile emulation (its
// default: a mid-range phone, simulated slow 4G and a 4× slower CPU), of the four pages every friend and
// referrer meets first: home, the recommend form, the friend's landing and the friend's data form of a
// shared recommendation (issue 20: performance ≥ 95; accessibility, best practices and SEO 100).
// One production server on the embedded default (the .next-bench build; SKIP_BUILD=1 reuses it), the
// demo tenants seeded; the demo referrer logs in to the main API and recommends a product it has not
// recommended yet, which gives the landing and the data form their number. Each page is measured
// BENCH_LIGHTHOUSE_RUNS times (2), one after the other, with the Chromium of CHROME_PATH
// (/usr/bin/chromium). Lighthouse itself is LIGHTHOUSE_BIN, else fetched by npx (lighthouse@12.8.2, not
// a dependency of the project: only this measurement uses it). The machine should be otherwise quiet:
// the simulation scales the CPU time it observes, so a busy machine lowers every score.
// Writes bench-results/lighthouse.md and lighthouse.json (BENCH_NAME names them otherwise).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  benchSecrets,
  ensureBuild,
  portInUse,
  positiveInt,
  startBenchServer,
  step,
  waitUntilReady,
} from './bench-support.mjs'
import { REFERRER, TENANT, apiToken, products, sharedRecommendation, unrecommended } from './bench-world.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(ROOT)
const OUT_DIR = path.join(ROOT, 'bench-results')
const NAME = process.env.BENCH_NAME || 'lighthouse'
const PORT = positiveInt('BENCH_PORT', 3102)
const RUNS = positiveInt('BENCH_LIGHTHOUSE_RUNS', 2)
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench'
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN
const base = `http://127.0.0.1:${PORT}`
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
  ['cumulative-layout-shift', 'CLS'],
]

const buildEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }
for (const name of ['DATABASE_URL', 'MAIN_API_URL', 'REDIS_URL']) delete buildEnv[name]

if (await portInUse(PORT)) {
  console.error(`✖ port ${PORT} is in use: set BENCH_PORT`)
  process.exit(1)
}
if (!ensureBuild({ distDir: DIST_DIR, env: buildEnv })) process.exit(1)

mkdirSync(OUT_DIR, { recursive: true })
const loadBefore = os.loadavg()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'))
step(`starting server.mjs on port ${PORT}: embedded (PGlite)`)
const server = startBenchServer({
  args: ['server.mjs', '-p', String(PORT)],
  env: {
    ...buildEnv,
    ...benchSecrets('bench-lighthouse'),
    NODE_ENV: 'production',
    PORT: String(PORT),
    SEED_DEMO_TENANTS: 'true',
    JOB_INTERVAL_SECONDS: '0',
    PGLITE_DATA_DIR: dataDir,
  },
  logPath: path.join(OUT_DIR, `server-${PORT}-lighthouse.log`),
})

/** @param {string} message */
function fail(message) {
  console.error(`✖ ${message}`)
  server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(1)
}

const problem = await waitUntilReady({ server, url: `${base}/api/v1/mandant/${TENANT}`, timeoutMs: 180_000 })
if (problem) fail(problem)

step('preparing: a shared recommendation of the demo referrer')
const token = await apiToken(base, REFERRER)
const catalogue = await products(base)
const [free] = await unrecommended(base, token, catalogue)
if (free === undefined) fail('the demo referrer has recommended every product')
const tenant = await (await fetch(`${base}/api/v1/mandant/${TENANT}`)).json()
const nr = await sharedRecommendation(base, token, free, tenant.Settings.RewardShareOptions[0])
const pages = [
  { key: 'home', label: 'home', path: `/${TENANT}` },
  { key: 'recommend', label: 'recommend form', path: `/${TENANT}/empfehlen/${catalogue[0].id}` },
  { key: 'landing', label: "friend's landing", path: `/${TENANT}/empfehlung/${nr}` },
  { key: 'dataForm', label: "friend's data form", path: `/${TENANT}/empfaengerdaten/${nr}` },
]
// Each page once before measuring: the first request of a page renders or reads what later ones keep.
for (const page of pages) await (await fetch(`${base}${page.path}`)).arrayBuffer()

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-reports-'))
/** @param {string} url @param {string} output */
function lighthouse(url, output) {
  const args = [
    url,
    '--quiet',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync`,
    '--output=json',
    `--output-path=${output}`,
  ]
  const [command, commandArgs] = LIGHTHOUSE
    ? [LIGHTHOUSE, args]
    : ['npx', ['--yes', 'lighthouse@12.8.2', ...args]]
  return spawnSync(command, commandArgs, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CHROME_PATH: CHROME },
    timeout: 240_000,
  })
}

/** @type {Record<string, { label: string, path: string, runs: object[] }>} */
const results = {}
for (const page of pages) {
  results[page.key] = { label: page.label, path: page.path, runs: [] }
  for (let run = 1; run <= RUNS; run++) {
    step(`${page.label} ${page.path}, run ${run}/${RUNS}`)
    const output = path.join(reportDir, `${page.key}-${run}.json`)
    const done = lighthouse(`${base}${page.path}`, output)
    if (done.status !== 0) fail(`Lighthouse failed: ${String(done.stderr ?? done.error ?? '').slice(0, 500)}`)
    const report = JSON.parse(readFileSync(output, 'utf8'))
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
    )
    const metrics = Object.fromEntries(METRICS.map(([id, short]) => [short, report.audits[id]?.displayValue]))
    results[page.key].runs.push({ scores, metrics, warnings: report.runWarnings ?? [] })
    console.log(`  ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; ${JSON.stringify(metrics)}`)
  }
}
await server.stopAndWait()
rmSync(dataDir, { recursive: true, force: true })
rmSync(reportDir, { recursive: true, force: true })

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
const span = (/** @type {number[]} */ values) => {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return low === high ? String(low) : `${low}–${high}`
}
const lines = [
  '# npm run bench -- lighthouse',
  '',
  `${new Date().toISOString()}, commit ${commit}, Lighthouse 12.8.2 (mobile emulation, simulated throttling), ` +
    `${RUNS} runs per page, load average before: ${loadBefore.map((l) => l.toFixed(1)).join(' ')}.`,
  '',
  '| page | path | performance | accessibility | best practices | SEO | goal met |',
  '| --- | --- | --- | --- | --- | --- | --- |',
]
for (const { label, path: pagePath, runs } of Object.values(results)) {
  const of = (/** @type {string} */ c) => runs.map((r) => /** @type {any} */ (r).scores[c])
  const met =
    of('performance').every((s) => s >= 95) &&
    ['accessibility', 'best-practices', 'seo'].every((c) => of(c).every((s) => s === 100))
  lines.push(
    `| ${label} | \`${pagePath}\` | ${CATEGORIES.map((c) => span(of(c))).join(' | ')} | ${met ? 'yes' : '**no**'} |`,
  )
}
lines.push('', 'Goal: performance ≥ 95 and the other three 100 in every run.', '')
writeFileSync(path.join(OUT_DIR, `${NAME}.md`), lines.join('\n'))
writeFileSync(
  path.join(OUT_DIR, `${NAME}.json`),
  `${JSON.stringify({ date: new Date().toISOString(), commit, runs: RUNS, pages: results }, null, 2)}\n`,
)
console.log(`\n${lines.join('\n')}\n  written to bench-results/${NAME}.md and ${NAME}.json`)
