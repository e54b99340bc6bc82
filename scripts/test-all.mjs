// npm test: every test of the project, in the order that fails fastest.
//   1. a production build (the one the database and browser tests run against)
//   2. Jest unit and component tests
//   3. Jest database and main-API integration tests (PGlite; PostgreSQL when DATABASE_URL is set)
//   4. Playwright end-to-end tests in Debian's Chromium, then the main journeys once more with the
//      portal against a separately started main API (MAIN_API_URL, E2E_MAIN_API=separate)
//   5. generated hostile input against every main-API call and server action (tests/fuzz)
// SKIP_BUILD=1 reuses an existing build. POSTGRES_DB_TESTS_URL (set by .ci/run) runs the database tests
// of what PostgreSQL adds (POSTGRES_DB_TESTS below) once more against that database, beside stage 3.
//
// Two cores: a stage that leaves one mostly idle has another beside it. The database tests run in band
// (about one core), so the PostgreSQL run goes beside them; one Chromium worker leaves a third of the
// machine idle, so stage 4 runs in two lanes, each with its own server, database and copy of the build.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'

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

/** Every child under way: a failing stage stops the others (a server a lane started stops with it). */
const running = new Set()
process.on('exit', () => running.forEach((child) => child.exitCode === null && child.kill('SIGTERM')))

/**
 * One command to its end; resolves with its exit code.
 * @param {string[]} args
 * @param {Record<string, string>} extraEnv
 * @param {'inherit' | number} out where its output goes: this terminal, or a file descriptor
 * @returns {Promise<number>}
 */
function exec(args, extraEnv, out) {
  const child = spawn(node, args, { stdio: ['ignore', out, out], env: { ...process.env, ...extraEnv } })
  running.add(child)
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child)
      resolve(code ?? (signal ? 1 : 0))
    }),
  )
}

/**
 * A stage in the foreground, its output on this terminal; a failure ends the run.
 * @param {string} label
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
async function run(label, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`)
  const start = Date.now()
  const code = await exec(args, extraEnv, 'inherit')
  if (code !== 0) {
    console.error(`✖ ${label} failed after ${minutesSince(start)}`)
    process.exit(code)
  }
  console.log(`✔ ${label}: ${minutesSince(start)}`)
}

/**
 * Stages in the background, one after the other, their output in a file (written by the children
 * themselves, so nothing waits on this process) that is printed when they end. A failure prints it and
 * ends the run at once; `finished` waits for the rest.
 * @param {string} label
 * @param {string} logFile
 * @param {{ args: string[]; env: Record<string, string> }[]} steps
 */
function beside(label, logFile, steps) {
  console.log(`\n▶ ${label}: started, output in ${logFile}`)
  const start = Date.now()
  mkdirSync('.data', { recursive: true })
  const out = openSync(logFile, 'w')
  const print = () => console.log(readFileSync(logFile, 'utf8'))
  const done = (async () => {
    for (const step of steps) {
      const code = await exec(step.args, step.env, out)
      if (code !== 0) {
        console.log(`\n▶ ${label}: failed after ${minutesSince(start)}`)
        print()
        console.error(`✖ ${label} failed`)
        process.exit(code)
      }
    }
  })()
  return {
    async finished() {
      await done
      console.log(`\n▶ ${label}: ended after ${minutesSince(start)}`)
      print()
    },
  }
}

/**
 * A copy of the build for a server beside another: hard links (no disk, instantly), without what a
 * server writes while it runs (the data cache and the pages it renders), so two servers on different
 * databases never serve each other's pages.
 * @param {string} name
 */
function copyOfBuild(name) {
  rmSync(name, { recursive: true, force: true })
  if (spawnSync('cp', ['-al', BUILD, name], { stdio: 'inherit' }).status !== 0)
    cpSync(BUILD, name, { recursive: true })
  for (const written of ['cache', 'server/route-cache'])
    rmSync(`${name}/${written}`, { recursive: true, force: true })
  return name
}

const node = process.execPath
const BUILD = process.env.NEXT_DIST_DIR || '.next'
const JEST = 'node_modules/jest/bin/jest.js'
const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js'
const started = Date.now()
if (!process.env.SKIP_BUILD) {
  await run('build', ['node_modules/next/dist/bin/next', 'build'], {
    TENANT_HOSTS: TEST_TENANT_HOSTS,
    NEXT_TELEMETRY_DISABLED: '1',
  })
}
await run('unit and component tests', [JEST, '--selectProjects', 'unit'])

// The database tests of what PostgreSQL adds, on PostgreSQL: their own server on port 3111 (its OpenID
// provider on 4111; the suite on PGlite uses 3101 and 4101), their own copy of the build.
const postgresUrl = process.env.POSTGRES_DB_TESTS_URL
const postgres =
  postgresUrl &&
  beside(`what PostgreSQL adds, tested on it (${postgresUrl})`, '.data/postgres-db-tests.log', [
    {
      args: [JEST, '--selectProjects', 'db', '--runInBand', ...POSTGRES_DB_TESTS],
      env: {
        DATABASE_URL: postgresUrl,
        JEST_DB_PORT: '3111',
        NEXT_DIST_DIR: copyOfBuild(`${BUILD}-postgres`),
      },
    },
  ])
await run('database and main-API tests', [JEST, '--selectProjects', 'db', '--runInBand'])
if (postgres) await postgres.finished()

// The browser tests in thirds: two in this lane (port 3100), the last beside them on port 3200 (its
// OpenID provider on 4200), followed there by the main journeys against a separate main API (5200). The
// portal speaks only the main API's contract: its main journeys pass with the engine in another process
// too (the whole suite does: E2E_MAIN_API=separate npm run test:e2e, about 15 minutes).
const laneBuild = copyOfBuild(`${BUILD}-e2e-3200`)
const lane = beside(
  'end-to-end tests, third part, then the journeys against a separate main API',
  '.data/e2e-3200.log',
  [
    { args: [PLAYWRIGHT, 'test', '--shard=3/3'], env: { E2E_PORT: '3200', NEXT_DIST_DIR: laneBuild } },
    {
      args: [PLAYWRIGHT, 'test', ...SEPARATE_MAIN_API_SPECS],
      env: { E2E_PORT: '3200', NEXT_DIST_DIR: laneBuild, E2E_MAIN_API: 'separate' },
    },
  ],
)
await run('end-to-end tests, first part', [PLAYWRIGHT, 'test', '--shard=1/3'])
await run('end-to-end tests, second part', [PLAYWRIGHT, 'test', '--shard=2/3'])
await lane.finished()

// Each fuzz test file runs against a server of its own: two at a time, one per core. 400 inputs per call
// (a new seed each run) keep the whole of npm test well under an hour on two cores; FUZZ_RUNS sends more.
await run('generated hostile input', [JEST, '--selectProjects', 'fuzz', '--maxWorkers=2'], {
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '400',
})
console.log(`\n✔ all tests passed: ${minutesSince(started)}`)
