// npm run bench -- agency-report (or BENCH_SCENARIO=agency-report npm run bench): the agency reports
// of the main API at 10⁴, 10⁵ and 10⁶ recommendations of one agency on PostgreSQL (issue 17: "a report
// page at 10⁶ recommendations, p95 ≤ 50 ms, growth no worse than log n").
//   1. a production build in .next-bench (SKIP_BUILD=1 reuses it), as npm run bench
//   2. a dedicated PostgreSQL database, dropped and created afresh (BENCH_PG_URL, default
//      postgresql://postgres@127.0.0.1:5432/bench_agency; its name must contain "bench")
//   3. the production server (server.mjs) on port 3104 with DATABASE_URL pointing at it, the demo
//      tenants seeded and the local demo OpenID provider on port+1000; the periodic jobs and the mail
//      worker are off, so nothing but the measured calls touches the data
//   4. the agency owner of Sonnenschein Vertrieb (tenant demo) signs in by single sign-on (the demo
//      provider's form, PKCE S256, PUT agentur/sso), as the db suite does (tests/db/support/agency-sso.ts)
//   5. per size: synthetic referrers, recommendations attributed to the agency (its agents' numbers),
//      leads (recipients) and orders spread over 24 months, one INSERT … SELECT generate_series per
//      table and step; VACUUM (ANALYZE) and a CHECKPOINT (what autovacuum would have done by then);
//      then per report call a warm-up and an autocannon run (BENCH_CONNECTIONS, 10) plus a run on one
//      connection (the cost of one call without queueing); p50/p95/p99 from every response's latency.
//      The calls: empfehlungen/liste page 1 and page 50, the previous month filtered to Status Auftrag,
//      leads/liste and auftraege/liste page 1, and as the floor GET agentur/stammdaten (the same sign-in
//      checks, no report: what any agency call costs on this machine)
//   6. at the largest size, EXPLAIN (ANALYZE, BUFFERS) of the queries the engine runs for each call
//      (lib/engine/agency/reports/*.ts, written out below) into bench-results/agency-report-explain.txt
//   7. the table, the growth of p95 from the smallest to the largest size (log n: ×1.5 from 10⁴ to 10⁶,
//      linear: ×100), JSON in bench-results/agency-report.json
// A measurement, not a test: it exits 0 above the target and says so; non-zero only when it could not
// measure (build, database, server, sign-on, a call not answering 200).
// Tuning: BENCH_SIZES (10000,100000,1000000), BENCH_DURATION seconds per run (5), BENCH_CONNECTIONS (10),
// BENCH_SERIAL=0 leaves out the one-connection runs, BENCH_PORT (3104), BENCH_DIST_DIR (.next-bench),
// BENCH_KEEP_DB=1 keeps the database and its rows (sizes it already holds are skipped), BENCH_EXTRA_SQL
// runs once before the first measurement (try an index: BENCH_KEEP_DB=1 BENCH_SIZES=1000000
// BENCH_EXTRA_SQL='create index if not exists …' npm run bench -- agency-report).
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { ensureBuild, positiveInt, startBenchServer, step } from './bench-support.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const PORT = positiveInt('BENCH_PORT', 3104)
const IDP_PORT = PORT + 1000
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench'
const PG_URL = process.env.BENCH_PG_URL || 'postgresql://postgres@127.0.0.1:5432/bench_agency'
const SIZES = (process.env.BENCH_SIZES || '10000,100000,1000000').split(',').map((s) => Number(s.trim()))
const DURATION = positiveInt('BENCH_DURATION', 5)
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 10)
const SERIAL = process.env.BENCH_SERIAL !== '0'
const KEEP_DB = process.env.BENCH_KEEP_DB === '1'
const EXTRA_SQL = process.env.BENCH_EXTRA_SQL || ''
const WARMUP_SECONDS = 2
const TARGET_P95_MS = 50
const OUT_DIR = 'bench-results'
const TENANT = 'demo'
const AGENCY_KEY = 'sonnenschein'
const OWNER_LOGIN = 'inhaber@sonnenschein-vertrieb.example'
/** Recommendations are spread evenly over the last 730 days (at least one day old). */
const SPREAD_SECONDS = 730 * 86_400
const base = `http://127.0.0.1:${PORT}`

if (SIZES.some((n) => !Number.isInteger(n) || n < 10) || SIZES.some((n, i) => i > 0 && n <= SIZES[i - 1])) {
  console.error('✖ BENCH_SIZES must be increasing whole numbers of at least 10, e.g. 10000,100000,1000000')
  process.exit(1)
}
const dbName = decodeURIComponent(new URL(PG_URL).pathname.slice(1))
if (!/bench/i.test(dbName)) {
  console.error(
    `✖ BENCH_PG_URL names the database "${dbName}": it is dropped, so its name must contain "bench"`,
  )
  process.exit(1)
}

/** @type {ReturnType<typeof startBenchServer> | null} */
let server = null
let db = null

function fail(message) {
  console.error(`✖ ${message}`)
  server?.stop()
  process.exit(1)
}

// ── 1. build ────────────────────────────────────────────────────────────────────────────────────────
const buildEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' }
delete buildEnv.DATABASE_URL
delete buildEnv.MAIN_API_URL
delete buildEnv.TENANT_HOSTS
if (!ensureBuild({ distDir: DIST_DIR, env: buildEnv })) fail('build failed')

// ── 2. database ─────────────────────────────────────────────────────────────────────────────────────
const adminUrl = new URL(PG_URL)
adminUrl.pathname = '/postgres'
try {
  const admin = new pg.Client({ connectionString: adminUrl.href })
  await admin.connect()
  const quoted = `"${dbName.replace(/"/g, '""')}"`
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0
  if (KEEP_DB && exists) {
    step(`keeping the database ${dbName} (BENCH_KEEP_DB=1)`)
  } else {
    step(`creating the database ${dbName} afresh`)
    await admin.query(`drop database if exists ${quoted} with (force)`)
    await admin.query(`create database ${quoted}`)
  }
  await admin.end()
} catch (error) {
  fail(`PostgreSQL at ${adminUrl.host} is not usable: ${error.message}`)
}

// ── 3. server ───────────────────────────────────────────────────────────────────────────────────────
for (const port of [PORT, IDP_PORT]) {
  const inUse = await new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
  if (inUse) fail(`port ${port} is in use: another server would be measured instead of this build`)
}

// Fixed secrets of this benchmark only (no .data/secrets.json is written; the database is thrown away).
const benchSecret = (purpose) => createHash('sha256').update(`bench-agency-report:${purpose}`).digest('hex')
const serverEnv = {
  ...buildEnv,
  PORT: String(PORT),
  DATABASE_URL: PG_URL,
  SEED_DEMO_TENANTS: 'true',
  DEMO_IDP_PORT: String(IDP_PORT),
  PUBLIC_BASE_URL: base,
  APP_ENV: 'development',
  DEV_TOOLS: 'false',
  JOB_INTERVAL_SECONDS: '0',
  MAIL_WORKER_INTERVAL_SECONDS: '0',
  SESSION_SECRET: benchSecret('session'),
  API_TOKEN_SECRET: benchSecret('api-token'),
  OPERATOR_API_KEY: benchSecret('operator'),
  FIELD_ENCRYPTION_SECRET: benchSecret('field-encryption'),
}
mkdirSync(OUT_DIR, { recursive: true })
const serverLogPath = path.join(OUT_DIR, `server-${PORT}.log`)

step(`starting server.mjs on port ${PORT} (DATABASE_URL=${PG_URL}, log: ${serverLogPath})`)
server = startBenchServer({
  args: ['server.mjs', '-p', String(PORT)],
  env: serverEnv,
  logPath: serverLogPath,
})

const readyDeadline = Date.now() + 180_000
for (;;) {
  if (server.exit) fail(`the server stopped (${server.exit}); see ${serverLogPath}`)
  if (Date.now() > readyDeadline) fail(`the server did not become ready within 180 s; see ${serverLogPath}`)
  try {
    const response = await fetch(`${base}/api/v1/mandant/${TENANT}`, { signal: AbortSignal.timeout(30_000) })
    await response.arrayBuffer()
    if (response.status === 200) break
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
}

// ── 4. single sign-on of the agency owner ───────────────────────────────────────────────────────────
step(`signing in as ${OWNER_LOGIN} (demo OpenID provider on port ${IDP_PORT})`)
let token
try {
  token = await agencyToken(OWNER_LOGIN)
} catch (error) {
  fail(`single sign-on failed: ${error.message}`)
}

/** The browser's part of the sign-on (tests/db/support/agency-sso.ts), then PUT agentur/sso. */
async function agencyToken(login) {
  const config = await (await fetch(`${base}/api/v1/mandant/${TENANT}`)).json()
  const sso = config.Settings.Sso
  if (!sso?.Issuer) throw new Error(`tenant ${TENANT} has no single sign-on configured`)
  const discovery = await (await fetch(`${sso.Issuer}/.well-known/openid-configuration`)).json()
  const verifier = randomBytes(32).toString('base64url')
  const authorize = new URL(discovery.authorization_endpoint)
  authorize.search = new URLSearchParams({
    client_id: sso.ClientId,
    redirect_uri: sso.RedirectUri,
    response_type: 'code',
    scope: sso.Scopes.join(' '),
    state: randomBytes(16).toString('base64url'),
    // lib/shared/agency/sso-nonce.ts: the nonce is bound to the PKCE verifier.
    nonce: createHash('sha256').update(`agentur-sso-nonce:${verifier}`).digest('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const cookies = new Map()
  const walk = async (url, init = {}) => {
    const response = await fetch(new URL(url, sso.Issuer), {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    await response.arrayBuffer()
    return response
  }
  const form = (await walk(authorize.href)).headers.get('location') ?? ''
  const signedIn = await walk(`${form}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password: 'Agentur2026' }).toString(),
  })
  const back = await walk(signedIn.headers.get('location') ?? '')
  const code = new URL(back.headers.get('location') ?? '', sso.Issuer).searchParams.get('code')
  if (!code) throw new Error(`the provider sent no code (${back.status} ${back.headers.get('location')})`)
  const answer = await fetch(`${base}/api/v1/${TENANT}/agentur/sso`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: JSON.stringify({ Code: code, Verifier: verifier }),
  })
  const text = await answer.text()
  if (answer.status !== 200)
    throw new Error(`PUT agentur/sso answered ${answer.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text).token
}

// ── 5. data ─────────────────────────────────────────────────────────────────────────────────────────
db = new pg.Client({ connectionString: PG_URL })
await db.connect()
const [agency] = (
  await db.query('select id from agencies where tenant_slug = $1 and key = $2', [TENANT, AGENCY_KEY])
).rows
if (!agency) fail(`the demo agency ${AGENCY_KEY} was not seeded`)
const agentNumbers = (
  await db.query('select externe_id from agents where agency_id = $1 order by externe_id', [agency.id])
).rows.map((r) => r.externe_id)
const catalogue = (
  await db.query(
    'select distinct produkt_id, produkt_name from recommendations where agency_id = $1 order by 1, 2',
    [agency.id],
  )
).rows
if (agentNumbers.length === 0 || catalogue.length === 0)
  fail(`the demo agency ${AGENCY_KEY} has no agents or no seeded recommendations to take products from`)
const productIds = catalogue.map((p) => p.produkt_id)
const productNames = catalogue.map((p) => p.produkt_name)

// Every synthetic row is a function of its serial number i (1…n): ids are md5 UUIDs of it, numbers carry
// it ("U…" is outside the alphabet of real recommendation numbers, so no seeded row collides), and
// hashint8(i·16+k) gives independent pseudo-random values h0…h13 per row. $1 is the run's "now".
const SERIES = `
  h as (
    select i, ${Array.from({ length: 14 }, (_, k) => `(hashint8(i * 16 + ${k}) & 2147483647) as h${k}`).join(', ')}
    from generate_series($2::bigint, $3::bigint) as i
  ), r as (
    -- created at least a day ago, spread over 24 months; one in ten never confirmed by its referrer
    select h.*, $1::timestamptz - make_interval(secs => 86400 + h0 % ${SPREAD_SECONDS - 86_400}) as rec_at,
      h6 % 10 <> 0 as activated
    from h
  ), l as (
    -- a third of the confirmed recommendations bring a lead (1–6 days later), 85 % of them confirmed
    select r.*, activated and h7 % 100 < 33 as lead_drawn, h9 % 100 < 85 as lead_confirmed,
      rec_at + make_interval(secs => 86400 + h8 % 432000) as lead_at
    from r
  ), s as (
    -- 65 % of the confirmed leads order (2–12 days later); one in ten orders is cancelled; what would
    -- happen after "now" has not happened yet
    select l.*, lead_drawn and lead_at < $1::timestamptz - interval '1 hour' as is_lead,
      lead_drawn and lead_confirmed and h10 % 100 < 65
        and lead_at + make_interval(secs => 172800 + h11 % 864000) < $1::timestamptz - interval '1 hour' as is_order,
      lead_at + make_interval(secs => 172800 + h11 % 864000) as order_at
    from l
  ), o as (
    select s.*,
      case when h12 % 10 = 0 then 'Storniert'
           when $1::timestamptz - order_at > interval '30 days' then 'Gezahlt' else 'Offen' end as status,
      h12 % 10 <> 0 and $1::timestamptz - order_at > interval '45 days' as settled
    from s
  )`
const FIRST = `array['Lena','Paul','Mia','Ben','Emma','Noah','Hanna','Elias','Lea','Finn','Sofia','Leon']`
const LAST = `array['Schulz','Wagner','Koch','Richter','Klein','Wolf','Neumann','Schröder','Braun','Zimmermann']`
const pick = (array, hash, cast) => `(${array}::${cast})[1 + ${hash} % cardinality(${array}::${cast})]`

const INSERT_REFERRERS = `
  insert into referrers (id, tenant_slug, email, vorname, nachname, confirmed_at, created_at)
  select md5('bench-ref-' || k)::uuid, '${TENANT}', 'bench-ref-' || k || '@bench.example',
    (${FIRST})[(1 + k % 12)::int], (${LAST})[(1 + k % 10)::int],
    $1::timestamptz - interval '760 days', $1::timestamptz - interval '760 days'
  from generate_series($2::bigint, $3::bigint) as k`

const INSERT_RECOMMENDATIONS = `
  with ${SERIES}
  insert into recommendations (id, tenant_slug, referrer_id, nummer, hex, produkt_id, produkt_name,
    anteil_empfehler, praemie_wert_cent, channel, agent_number, agency_id, created_at, activated_at, expires_at)
  select md5('bench-rec-' || i)::uuid, '${TENANT}', md5('bench-ref-' || (1 + h1 % $5::int))::uuid,
    'U' || lpad(i::text, 9, '0'), md5('bench-rec-hex-' || i),
    ${pick('$6', 'h2', 'int[]')}, ${pick('$7', 'h2', 'text[]')},
    (array[100, 100, 50, 0])[1 + h3 % 4], (array[5000, 7000, 9000])[1 + h4 % 3], 'agent',
    ${pick('$8', 'h5', 'text[]')}, $4::uuid, rec_at,
    case when activated then rec_at end, case when activated then rec_at + interval '60 days' end
  from o`

const INSERT_LEADS = `
  with ${SERIES}
  insert into recipients (id, tenant_slug, recommendation_id, agency_id, empfaengernummer, hex, anrede,
    vorname, name, geburtsdatum, email, telefon, werbeeinwilligung, strasse, hausnummer, plz, ort, channel,
    email_key, phone_key, address_key, created_at, confirmed_at, consented_at)
  select md5('bench-lead-' || i)::uuid, '${TENANT}', md5('bench-rec-' || i)::uuid, $4::uuid,
    'U' || lpad(i::text, 9, '0'), md5('bench-lead-hex-' || i), (array['Frau', 'Herr'])[1 + h13 % 2],
    (${FIRST})[1 + h13 % 12], (${LAST})[1 + h13 % 10], date '1950-01-01' + h13 % 18000,
    'bench-freund-' || i || '@bench.example', '+49 155 5' || lpad(i::text, 7, '0'), h13 % 3 = 0,
    'Benchweg', i::text, lpad((10000 + h13 % 89990)::text, 5, '0'), 'Berlin', 'agent',
    'bench-email-' || i, 'bench-phone-' || i, 'bench-address-' || i,
    lead_at, case when lead_confirmed then lead_at end, case when lead_confirmed then lead_at end
  from o where is_lead`

const INSERT_ORDERS = `
  with ${SERIES}
  insert into orders (id, tenant_slug, auftragsnummer, recommendation_id, recipient_id, agency_id,
    produkt_id, produkt_name, auftragsdatum, status, successful_at, released_at, reported_at, updated_at)
  select md5('bench-order-' || i)::uuid, '${TENANT}', 'BENCH-' || lpad(i::text, 9, '0'),
    md5('bench-rec-' || i)::uuid, md5('bench-lead-' || i)::uuid, $4::uuid,
    ${pick('$5', 'h2', 'int[]')}, ${pick('$6', 'h2', 'text[]')},
    (order_at at time zone 'Europe/Berlin')::date, status,
    case when settled then order_at + interval '31 days' end,
    case when settled then order_at + interval '3 days' end, order_at, order_at
  from o where is_order`

const now = new Date()
const benchCount = async () =>
  Number(
    (
      await db.query(
        `select count(*) from recommendations where agency_id = $1 and nummer like 'U%' and length(nummer) = 10`,
        [agency.id],
      )
    ).rows[0].count,
  )

/** Adds rows i = from+1 … to in one transaction; then VACUUM (ANALYZE) and a CHECKPOINT. */
async function grow(from, to) {
  const started = Date.now()
  const referrersFrom = Math.max(1, Math.floor(from / 10)) // referrer k exists for k ≤ max(1, ⌊n/10⌋)
  const referrersTo = Math.max(1, Math.floor(to / 10))
  const times = {}
  const timed = async (label, text, values) => {
    const t = Date.now()
    const result = await db.query(text, values)
    times[label] = { rows: result.rowCount, seconds: (Date.now() - t) / 1000 }
    console.log(
      `  ${label.padEnd(16)} ${String(result.rowCount).padStart(9)} rows  ${times[label].seconds.toFixed(1)} s`,
    )
  }
  await db.query('begin')
  try {
    await db.query('set local synchronous_commit = off')
    const firstReferrer = from === 0 ? 1 : referrersFrom + 1
    if (referrersTo >= firstReferrer)
      await timed('referrers', INSERT_REFERRERS, [now, firstReferrer, referrersTo])
    const range = [now, from + 1, to, agency.id]
    await timed('recommendations', INSERT_RECOMMENDATIONS, [
      ...range,
      referrersTo,
      productIds,
      productNames,
      agentNumbers,
    ])
    await timed('recipients', INSERT_LEADS, range)
    await timed('orders', INSERT_ORDERS, [...range, productIds, productNames])
    await db.query('commit')
  } catch (error) {
    await db.query('rollback').catch(() => undefined)
    throw error
  }
  const t = Date.now()
  await db.query('vacuum (analyze) referrers, recommendations, recipients, orders')
  await db.query('checkpoint').catch(() => undefined) // needs superuser (or pg_checkpoint); best effort
  times.vacuumAnalyze = { seconds: (Date.now() - t) / 1000 }
  console.log(`  vacuum, analyze, checkpoint ${times.vacuumAnalyze.seconds.toFixed(1)} s`)
  return { seconds: (Date.now() - started) / 1000, ...times }
}

// ── 6. the calls ────────────────────────────────────────────────────────────────────────────────────
// The previous full calendar month (German time): a monthly report, as an agency reads one.
const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
  .format(now)
  .split('-')
  .map(Number)
const iso = (date) => date.toISOString().slice(0, 10)
const VON = iso(new Date(Date.UTC(year, month - 2, 1)))
const BIS = iso(new Date(Date.UTC(year, month - 1, 0)))
const page = (extra = {}) => ({ Descending: true, Pagesize: 20, Pagenumber: 1, Filter: {}, ...extra })
const TARGETS = [
  { key: 'recFirst', label: 'empfehlungen p.1', path: 'empfehlungen/liste', body: page() },
  {
    key: 'recPage50',
    label: 'empfehlungen p.50',
    path: 'empfehlungen/liste',
    body: page({ Pagenumber: 50 }),
  },
  {
    key: 'recFiltered',
    label: 'empfehlungen month+Auftrag',
    path: 'empfehlungen/liste',
    body: page({ Filter: { Von: VON, Bis: BIS, Status: 'Auftrag' } }),
  },
  { key: 'leads', label: 'leads p.1', path: 'leads/liste', body: page() },
  { key: 'orders', label: 'auftraege p.1', path: 'auftraege/liste', body: page() },
  // The floor: an agency call with the same sign-in checks and one small query, no report.
  { key: 'floor', label: 'floor: GET stammdaten', path: 'stammdaten', method: 'GET', floor: true },
]
const REPORTS = TARGETS.filter((t) => !t.floor)
const callHeaders = {
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
}
const urlOf = (target) => `${base}/api/v1/${TENANT}/agentur/${target.path}`

async function callOnce(target) {
  const response = await fetch(urlOf(target), {
    method: target.method ?? 'PUT',
    headers: callHeaders,
    body: target.body ? JSON.stringify(target.body) : undefined,
    signal: AbortSignal.timeout(60_000),
  })
  const text = await response.text()
  if (response.status !== 200) fail(`${target.label} answered ${response.status}: ${text.slice(0, 300)}`)
  const json = JSON.parse(text)
  if (target.floor) {
    if (!json.Name) fail(`${target.label} did not answer the agency's master data`)
    return { totalCount: null, capped: false, rows: 1 }
  }
  if (!Array.isArray(json.Content) || json.Content.length === 0)
    fail(`${target.label} answered an empty page: the data is not what should be measured`)
  return { totalCount: json.TotalCount, capped: json.TotalCountCapped, rows: json.Content.length }
}

/** One autocannon run; p50/p95/p99 from every 2xx response's latency (autocannon reports no p95). */
function measure(target, connections, duration) {
  return new Promise((resolve, reject) => {
    const latencies = []
    const instance = autocannon(
      {
        url: urlOf(target),
        method: target.method ?? 'PUT',
        headers: callHeaders,
        body: target.body ? JSON.stringify(target.body) : undefined,
        connections,
        duration,
      },
      (error, result) => {
        if (error) return reject(error)
        latencies.sort((a, b) => a - b)
        const at = (q) => round(latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? NaN)
        resolve({
          connections,
          seconds: result.duration,
          requests: latencies.length,
          reqPerSec: round(latencies.length / result.duration),
          p50: at(0.5),
          p95: at(0.95),
          p99: at(0.99),
          max: round(latencies.at(-1) ?? NaN),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        })
      },
    )
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms)
    })
  })
}
const round = (x) => Math.round(x * 10) / 10

// ── 7. grow and measure ─────────────────────────────────────────────────────────────────────────────
const loadBefore = os.loadavg()
const results = []
let extraApplied = false
let have = await benchCount()
if (have > 0) console.log(`\n  the database holds ${have} synthetic recommendations already`)
for (const size of SIZES) {
  if (have > size) {
    console.log(`\n  skipping ${size}: the database holds ${have} already (BENCH_KEEP_DB=1)`)
    continue
  }
  let growth = null
  if (have < size) {
    step(`growing to ${size.toLocaleString('en')} recommendations`)
    try {
      growth = await grow(have, size)
    } catch (error) {
      fail(`inserting the rows failed: ${error.message}`)
    }
    have = size
  }
  if (EXTRA_SQL && !extraApplied) {
    step(`BENCH_EXTRA_SQL: ${EXTRA_SQL}`)
    const t = Date.now()
    await db.query(EXTRA_SQL).catch((error) => fail(`BENCH_EXTRA_SQL failed: ${error.message}`))
    await db.query('vacuum (analyze) recommendations, recipients, orders')
    console.log(`  ${((Date.now() - t) / 1000).toFixed(1)} s`)
    extraApplied = true
  }
  const [counts] = (
    await db.query(
      `select (select count(*) from recommendations where agency_id = $1) as recommendations,
              (select count(*) from recipients where agency_id = $1) as leads,
              (select count(*) from orders where agency_id = $1) as orders,
              (select count(*) from referrers where tenant_slug = $2) as referrers`,
      [agency.id, TENANT],
    )
  ).rows
  const loadAverage = os.loadavg()[0]
  if (loadAverage > os.cpus().length / 2)
    console.log(
      `\n  note: load average ${loadAverage.toFixed(1)} on ${os.cpus().length} CPUs before measuring; other work skews the numbers`,
    )
  const calls = {}
  for (const target of TARGETS) {
    step(`${size.toLocaleString('en')}: ${target.label}`)
    const answer = await callOnce(target)
    await measure(target, CONNECTIONS, WARMUP_SECONDS)
    const loaded = await measure(target, CONNECTIONS, DURATION)
    const serial = SERIAL ? await measure(target, 1, DURATION) : null
    if (loaded.requests === 0) fail(`${target.label}: no answer within ${DURATION} s`)
    calls[target.key] = { ...answer, loaded, serial }
    console.log(
      `  TotalCount ${answer.totalCount}${answer.capped ? ' (capped)' : ''}; ${CONNECTIONS} conn: p50 ${loaded.p50} p95 ${loaded.p95} p99 ${loaded.p99} ms, ${loaded.reqPerSec} req/s` +
        (serial ? `; 1 conn: p50 ${serial.p50} p95 ${serial.p95} ms` : '') +
        (loaded.non2xx || loaded.errors ? `; non-2xx ${loaded.non2xx}, errors ${loaded.errors}` : ''),
    )
  }
  results.push({
    size,
    loadAverage: { before: loadAverage, after: os.loadavg()[0] },
    rows: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
    growth,
    calls,
  })
}
if (results.length === 0) fail('nothing measured: every size was below what the database holds')

// ── 8. EXPLAIN at the largest size ──────────────────────────────────────────────────────────────────
// The queries of lib/engine/agency/reports/{report,recommendations,leads,orders}.ts as drizzle writes
// them (rows: Pagesize+1 from the offset; count: capped at REPORT_MAX_ROWS+1), with this run's values.
step('EXPLAIN (ANALYZE, BUFFERS) of the engine queries at the largest size')
const hasOrder = `exists (select 1 from "orders" where "orders"."recommendation_id" = "recommendations"."id")`
const hasLead = `exists (select 1 from "recipients" where "recipients"."recommendation_id" = "recommendations"."id")`
const recSelect = `select "recommendations"."nummer", "recommendations"."created_at", "recommendations"."produkt_name",
  "recommendations"."agent_number", nullif(trim(concat_ws(' ', "agents"."vorname", "agents"."nachname")), ''),
  nullif(trim(concat_ws(' ', "referrers"."vorname", "referrers"."nachname")), ''),
  "recommendations"."anteil_empfehler", "recommendations"."praemie_wert_cent",
  case when ${hasOrder} then 'Auftrag' when ${hasLead} then 'Lead'
    when "recommendations"."activated_at" is null then 'Unbestaetigt'
    when "recommendations"."expires_at" < $2 then 'Abgelaufen' else 'Aktiv' end
  from "recommendations"
  left join "agents" on ("agents"."tenant_slug" = "recommendations"."tenant_slug" and "agents"."externe_id" = "recommendations"."agent_number")
  left join "referrers" on "referrers"."id" = "recommendations"."referrer_id"`
const recOrder = `order by "recommendations"."created_at" desc, "recommendations"."id" desc`
const monthWhere = `"recommendations"."agency_id" = $1 and "recommendations"."created_at" >= ($3::date)::timestamp at time zone 'Europe/Berlin'
  and "recommendations"."created_at" < ($4::date + 1)::timestamp at time zone 'Europe/Berlin' and ${hasOrder}`
const QUERIES = [
  [
    'recFirst rows',
    `${recSelect} where "recommendations"."agency_id" = $1 ${recOrder} limit 21 offset 0`,
    [agency.id, now],
  ],
  [
    'recPage50 rows',
    `${recSelect} where "recommendations"."agency_id" = $1 ${recOrder} limit 21 offset 980`,
    [agency.id, now],
  ],
  [
    'rec count',
    `select count(*)::text from (select 1 from "recommendations" where "recommendations"."agency_id" = $1 limit 10001) as counted`,
    [agency.id],
  ],
  [
    'recFiltered rows',
    `${recSelect} where (${monthWhere}) ${recOrder} limit 21 offset 0`,
    [agency.id, now, VON, BIS],
  ],
  [
    'recFiltered count',
    `select count(*)::text from (select 1 from "recommendations" where (${monthWhere.replaceAll('$3', '$2').replaceAll('$4', '$3')}) limit 10001) as counted`,
    [agency.id, VON, BIS],
  ],
  [
    'leads rows',
    `select "recipients".*, "recommendations"."nummer", "recommendations"."produkt_name", "recommendations"."agent_number",
       exists (select 1 from "orders" where "orders"."recipient_id" = "recipients"."id")
     from "recipients" inner join "recommendations" on "recommendations"."id" = "recipients"."recommendation_id"
     where "recipients"."agency_id" = $1 order by "recipients"."created_at" desc, "recipients"."id" desc limit 21 offset 0`,
    [agency.id],
  ],
  [
    'leads count',
    `select count(*)::text from (select 1 from "recipients" inner join "recommendations" on "recommendations"."id" = "recipients"."recommendation_id"
       where "recipients"."agency_id" = $1 limit 10001) as counted`,
    [agency.id],
  ],
  [
    'orders rows',
    `select "orders"."id", "orders"."released_at", "orders"."auftragsnummer", "orders"."auftragsdatum", "orders"."produkt_name",
       "orders"."status", "recommendations"."nummer", "recommendations"."agent_number", "recommendations"."praemie_wert_cent",
       nullif(trim(concat_ws(' ', "recipients"."vorname", "recipients"."name")), '')
     from "orders" inner join "recommendations" on "recommendations"."id" = "orders"."recommendation_id"
     left join "recipients" on "recipients"."id" = "orders"."recipient_id"
     where "orders"."agency_id" = $1 order by "orders"."auftragsdatum" desc, "orders"."id" desc limit 21 offset 0`,
    [agency.id],
  ],
  [
    'orders count',
    `select count(*)::text from (select 1 from "orders" inner join "recommendations" on "recommendations"."id" = "orders"."recommendation_id"
       where "orders"."agency_id" = $1 limit 10001) as counted`,
    [agency.id],
  ],
]
const explained = {}
let explainText = `EXPLAIN (ANALYZE, BUFFERS) at ${have} recommendations, ${now.toISOString()}\n`
for (const [label, text, values] of QUERIES) {
  await db.query(`explain (analyze, buffers) ${text}`, values) // warm, as the measured calls were
  const plan = (await db.query(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r['QUERY PLAN'])
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')?.[1] ?? NaN)
  explained[label] = ms
  explainText += `\n── ${label}: ${ms} ms\n${text.replace(/\n\s+/g, '\n  ')}\n${plan.join('\n')}\n`
  console.log(`  ${label.padEnd(18)} ${ms.toFixed(2).padStart(9)} ms`)
}
const serverVersion = (await db.query('show server_version')).rows[0].server_version
await db.end()
await server.stopAndWait()

// ── 9. report ───────────────────────────────────────────────────────────────────────────────────────
const first = results[0]
const last = results.at(-1)
const growthP95 = Object.fromEntries(
  TARGETS.map((t) => [
    t.key,
    {
      loaded: round(last.calls[t.key].loaded.p95 / first.calls[t.key].loaded.p95),
      serial: SERIAL ? round(last.calls[t.key].serial.p95 / first.calls[t.key].serial.p95) : null,
    },
  ]),
)
const logGrowth = round(Math.log(last.size) / Math.log(first.size))
const linearGrowth = round(last.size / first.size)
const verdict = Object.fromEntries(
  REPORTS.map((t) => [t.key, last.calls[t.key].loaded.p95 <= TARGET_P95_MS ? 'PASS' : 'ABOVE TARGET']),
)
const worst = REPORTS.reduce((a, t) => (last.calls[t.key].loaded.p95 > last.calls[a.key].loaded.p95 ? t : a))

const line = '─'.repeat(104)
console.log(`\n${line}`)
console.log(
  `  ${'call'.padEnd(27)} ${'n'.padStart(9)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)}  ${'1 conn p50'.padStart(10)} ${'p95'.padStart(6)}  ${'total'.padStart(6)}`,
)
for (const t of TARGETS) {
  for (const r of results) {
    const c = r.calls[t.key]
    console.log(
      `  ${t.label.padEnd(27)} ${r.size.toLocaleString('en').padStart(9)} ${c.loaded.p50.toFixed(1).padStart(7)} ${c.loaded.p95.toFixed(1).padStart(7)} ${c.loaded.p99.toFixed(1).padStart(7)} ${c.loaded.reqPerSec.toFixed(0).padStart(7)}  ${(c.serial ? c.serial.p50.toFixed(1) : '–').padStart(10)} ${(c.serial ? c.serial.p95.toFixed(1) : '–').padStart(6)}  ${`${c.totalCount}${c.capped ? '+' : ''}`.padStart(6)}`,
    )
  }
  const g = growthP95[t.key]
  console.log(
    `  ${''.padEnd(27)} p95 ×${g.loaded} from ${first.size.toLocaleString('en')} to ${last.size.toLocaleString('en')}${g.serial !== null ? ` (1 conn ×${g.serial})` : ''}; ${t.floor ? 'no report: what any agency call costs here' : `${verdict[t.key]} (p95 ≤ ${TARGET_P95_MS} ms at ${CONNECTIONS} conn)`}`,
  )
}
console.log(
  `\n  slowest report at ${last.size.toLocaleString('en')}: ${worst.label}, p95 ${last.calls[worst.key].loaded.p95} ms at ${CONNECTIONS} connections (target ≤ ${TARGET_P95_MS} ms): ${verdict[worst.key]}`,
)
console.log(
  `\n  latency in ms; ${CONNECTIONS} connections for ${DURATION} s after ${WARMUP_SECONDS} s warm-up; "1 conn": one connection for ${DURATION} s`,
)
console.log(
  `  growth from ${first.size.toLocaleString('en')} to ${last.size.toLocaleString('en')}: log n would be ×${logGrowth}, linear ×${linearGrowth}; total: TotalCount (+ = capped at 10,000)`,
)
console.log(`  client, server and PostgreSQL on one machine (${os.cpus().length} CPUs)`)
const unclean = results.flatMap((r) =>
  TARGETS.filter((t) => r.calls[t.key].loaded.non2xx || r.calls[t.key].loaded.errors).map(
    (t) => `${t.label} @ ${r.size}`,
  ),
)
if (unclean.length) console.log(`  ! non-2xx answers or errors on ${unclean.join(', ')}: not comparable`)
console.log(line)

const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
const report = {
  date: now.toISOString(),
  commit: git.status === 0 ? git.stdout.trim() : null,
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: { before: loadBefore, after: os.loadavg() },
  postgres: serverVersion,
  settings: {
    sizes: SIZES,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    serial: SERIAL,
    port: PORT,
    distDir: DIST_DIR,
    database: dbName,
    extraSql: EXTRA_SQL || null,
    period: { Von: VON, Bis: BIS },
  },
  target: { p95Ms: TARGET_P95_MS, growth: { logN: logGrowth, linear: linearGrowth } },
  calls: Object.fromEntries(
    TARGETS.map((t) => [
      t.key,
      {
        label: t.label,
        method: t.method ?? 'PUT',
        path: `/api/v1/${TENANT}/agentur/${t.path}`,
        body: t.body,
      },
    ]),
  ),
  results,
  growthP95,
  verdict,
  explainMs: explained,
}
writeFileSync(path.join(OUT_DIR, 'agency-report.json'), `${JSON.stringify(report, null, 2)}\n`)
writeFileSync(path.join(OUT_DIR, 'agency-report-explain.txt'), explainText)
console.log(`\n  written to ${OUT_DIR}/agency-report.json and ${OUT_DIR}/agency-report-explain.txt`)
