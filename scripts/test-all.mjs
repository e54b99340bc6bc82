// npm test: every test of the project, in the order that fails fastest.
//   1. a production build (the one the database and browser tests run against)
//   2. Jest unit and component tests
//   3. Jest database and main-API integration tests (PGlite; PostgreSQL when DATABASE_URL is set)
//   4. Playwright end-to-end tests in Debian's Chromium, then the main journeys once more with the
//      portal against a separately started main API (MAIN_API_URL, E2E_MAIN_API=separate)
//   5. generated hostile input against every main-API call and server action (tests/fuzz)
// SKIP_BUILD=1 reuses an existing build. POSTGRES_DB_TESTS_URL (set by .ci/run) runs the database tests
// of what PostgreSQL adds (POSTGRES_DB_TESTS below) once more against that database, beside stage 4.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, mkdirSync } from 'node:fs'

/** The test build maps a host to a tenant so host-mapped URLs are tested too (*.localhost is loopback). */
export const TEST_TENANT_HOSTS = 'demo.localhost=demo,closed.localhost=demo-closed'

/** The journeys run once more with the main API in its own process (scripts/e2e-server.mjs). */
const SEPARATE_MAIN_API_SPECS = [
  'accounts',
  'agency',
  'csp',
  'journey-collect',
  'journey-friend',
  'journey-referrer',
  'mailed-links',
  'recipient',
  'recommend',
].map((name) => `tests/e2e/${name}.spec.ts`)

/**
 * The database tests run on PostgreSQL too. PGlite is the same PostgreSQL engine (its SQL, planner and
 * constraints), so what PostgreSQL adds is what a server process of its own brings: connections in
 * parallel and their pool (locks, SKIP LOCKED, advisory locks, races between requests), LISTEN/NOTIFY,
 * a database that goes away and comes back, pg_dump and pg_restore. These files test exactly that; the
 * whole suite runs on PostgreSQL with `DATABASE_URL=… npm run test:db` (about 19 minutes here).
 */
const POSTGRES_DB_TESTS = [
  'tests/db/engine/',
  'tests/db/api/two-servers.test.ts',
  'tests/db/api/health.test.ts',
  'tests/db/api/backup-restore.test.ts',
  'tests/db/api/login-locks.test.ts',
  'tests/db/api/login-throttle.test.ts',
  'tests/db/api/invitation-limits.test.ts',
  'tests/db/api/recommendations.test.ts',
  'tests/db/api/recipients.test.ts',
  'tests/db/api/kontakt.test.ts',
  'tests/db/api/registration-links.test.ts',
  'tests/db/api/agency-reports.test.ts',
  'tests/db/api/goodwill.test.ts',
  'tests/db/api/customer-number.test.ts',
]

/** Minutes since `start` (a Date.now()), for the stage lines: where CI's time goes. */
const minutesSince = (/** @type {number} */ start) => `${((Date.now() - start) / 60_000).toFixed(1)} min`

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`)
  const start = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${minutesSince(start)}`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${label}: ${minutesSince(start)}`)
}

const node = process.execPath
const started = Date.now()
if (!process.env.SKIP_BUILD) {
  run('build', node, ['node_modules/next/dist/bin/next', 'build'], {
    TENANT_HOSTS: TEST_TENANT_HOSTS,
    NEXT_TELEMETRY_DISABLED: '1',
  })
}
run('unit and component tests', node, ['node_modules/jest/bin/jest.js', '--selectProjects', 'unit'])
run('database and main-API tests', node, [
  'node_modules/jest/bin/jest.js',
  '--selectProjects',
  'db',
  '--runInBand',
])
const postgres = startPostgresDbTests(process.env.POSTGRES_DB_TESTS_URL)
run('end-to-end tests', node, ['node_modules/@playwright/test/cli.js', 'test'])
// The portal speaks only the main API's contract: its main journeys pass with the engine in another
// process too (the whole suite does: E2E_MAIN_API=separate npm run test:e2e, about 15 minutes).
run(
  'end-to-end journeys against a separate main API',
  node,
  ['node_modules/@playwright/test/cli.js', 'test', ...SEPARATE_MAIN_API_SPECS],
  { E2E_MAIN_API: 'separate' },
)
await postgres?.finished()
// Each fuzz test file runs against a server of its own: two at a time, one per core. 400 inputs per call
// (a new seed each run) keep the whole of npm test well under an hour on two cores; FUZZ_RUNS sends more.
run(
  'generated hostile input',
  node,
  ['node_modules/jest/bin/jest.js', '--selectProjects', 'fuzz', '--maxWorkers=2'],
  { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '400' },
)
console.log(`\n✔ all tests passed: ${minutesSince(started)}`)

/**
 * The database tests of POSTGRES_DB_TESTS against PostgreSQL, in the background: their own server on
 * port 3111 (its OpenID provider on 4111; the browser tests use 3100, 4100 and 5100), their output in a
 * file that is printed when they end. `finished` waits for them and fails the run as a stage would.
 * @param {string | undefined} url
 */
function startPostgresDbTests(url) {
  if (!url) return null
  const label = `what PostgreSQL adds, tested on it (${url}), beside the browser tests`
  console.log(`\n▶ ${label}: started, output in .data/postgres-db-tests.log`)
  const start = Date.now()
  mkdirSync('.data', { recursive: true })
  const logFile = '.data/postgres-db-tests.log'
  const log = createWriteStream(logFile)
  // A log file that cannot be written loses only the file: the output is printed from memory.
  log.on('error', () => undefined)
  const jest = ['node_modules/jest/bin/jest.js', '--selectProjects', 'db', '--runInBand']
  const child = spawn(node, [...jest, ...POSTGRES_DB_TESTS], {
    env: { ...process.env, DATABASE_URL: url, JEST_DB_PORT: '3111' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Kept in memory too, and printed from there: the file is for looking in while the stage runs.
  /** @type {Buffer[]} */
  const output = []
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      output.push(chunk)
      if (!log.writableEnded) log.write(chunk)
    })
  }
  const exit = new Promise((resolve) => child.on('close', (code) => log.end(() => resolve(code))))
  // A stage that fails ends the run: these tests (and their server, which Jest stops) end with it.
  const stop = () => child.exitCode === null && child.kill('SIGTERM')
  process.on('exit', stop)
  return {
    async finished() {
      const code = await exit
      console.log(`\n▶ ${label}: ended after ${minutesSince(start)}`)
      console.log(Buffer.concat(output).toString('utf8'))
      if (code !== 0) {
        console.error(`✖ ${label} failed`)
        process.exit(typeof code === 'number' ? code : 1)
      }
    },
  }
}
