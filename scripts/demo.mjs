// npm run demo: the portal on the embedded default (PGlite in .data/pglite, demo tenants seeded on start).
//   1. npm install when node_modules is missing
//   2. a production build (SKIP_BUILD=1 reuses an existing one)
//   3. the production server (server.mjs, as npm start) on PORT (default 3000); once the main API answers, the URLs and demo logins are printed
// Ctrl-C stops the server; the script exits with the server's code.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { keepTypeConfig } from './build-side-effects.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const port = Number(process.env.PORT ?? 3000)
const distDir = process.env.NEXT_DIST_DIR || '.next'
const node = process.execPath
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next')
const READY_TIMEOUT_MS = 180_000

/** The demo referrers the server seeds (DEMO_REFERRERS of lib/engine/tenants/demo-tenants.ts reads the same file). */
const DEMO_REFERRERS = JSON.parse(
  readFileSync(path.join(root, 'lib', 'engine', 'tenants', 'demo', 'referrers.json'), 'utf8'),
)
/** How the printout names each demo tenant's login. */
const LOGIN_LABELS = { demo: 'Lumenta Telekom', 'demo-closed': 'Fjordnet, login required' }
/** The agency users of the local OpenID provider (scripts/demo-idp.mjs reads the same file). */
const DEMO_SSO = JSON.parse(
  readFileSync(path.join(root, 'lib', 'engine', 'tenants', 'demo', 'sso.json'), 'utf8'),
)
const DEMO_LOGINS = Object.entries(DEMO_REFERRERS).map(([tenant, referrer]) => ({
  tenant,
  name: LOGIN_LABELS[tenant] ?? tenant,
  email: referrer.email,
  password: referrer.password,
}))

function step(label) {
  console.log(`\n▶ ${label}`)
}

function runOrExit(label, command, args, extraEnv = {}, beforeExit = () => {}) {
  step(label)
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
    shell: process.platform === 'win32',
  })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`)
    beforeExit()
    process.exit(result.status ?? 1)
  }
}

function portInUse(p) {
  return new Promise((resolve) => {
    const socket = net.connect({ port: p, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`✖ PORT must be a port number, got "${process.env.PORT}"`)
  process.exit(1)
}

if (!existsSync('node_modules')) {
  runOrExit('installing dependencies (npm install)', 'npm', ['install', '--no-audit', '--no-fund'])
}

const buildExists = existsSync(path.join(distDir, 'BUILD_ID'))
if (process.env.SKIP_BUILD === '1' && buildExists) {
  step(`reusing the build in ${distDir} (SKIP_BUILD=1)`)
} else {
  // Always building is the safe choice: TENANT_HOSTS is read at build time and a build left by another
  // command (npm test builds with test host names) may not match the sources or this environment.
  const restoreTypeConfig = keepTypeConfig(distDir)
  runOrExit(
    'building (next build)',
    node,
    [nextBin, 'build'],
    { NEXT_TELEMETRY_DISABLED: '1' },
    restoreTypeConfig,
  )
  restoreTypeConfig()
}

if (await portInUse(port)) {
  console.error(
    `✖ port ${port} is already in use; stop the other server or choose another port: PORT=3005 npm run demo`,
  )
  process.exit(1)
}

step(`starting the portal on port ${port}`)
// Its own process group, so a signal reaches the server and everything it started.
const server = spawn(node, ['server.mjs', '-p', String(port)], {
  stdio: 'inherit',
  detached: process.platform !== 'win32',
  // The demo turns the developer tools on (the local mailbox at /dev/mailbox); DEV_TOOLS=false leaves them off.
  // It also starts the local OpenID provider of the agency area's single sign-on on port + 1000.
  env: {
    DEV_TOOLS: 'true',
    DEMO_IDP_PORT: String(port + 1000),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    ...process.env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
  },
})

let exiting = false
let failed = false
function forward(signal) {
  exiting = true
  try {
    if (process.platform === 'win32') server.kill(signal)
    else process.kill(-server.pid, signal)
  } catch {
    // already gone
  }
}
process.on('SIGINT', () => forward('SIGINT'))
process.on('SIGTERM', () => forward('SIGTERM'))

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 }
server.on('exit', (code, signal) => {
  if (!exiting && code !== 0) console.error(`✖ the server stopped (${signal ?? `exit code ${code}`})`)
  process.exit(failed ? 1 : (code ?? SIGNAL_CODES[signal] ?? 1))
})

/** The demo logins: one password line when they share it (as the seeded ones do), else each with its own. */
function demoLoginLines(base) {
  const passwords = new Set(DEMO_LOGINS.map((l) => l.password))
  const shared = passwords.size === 1 ? [...passwords][0] : null
  return [
    shared
      ? `  Demo logins (password for ${DEMO_LOGINS.length === 2 ? 'both' : 'all'}: ${shared}):`
      : '  Demo logins:',
    ...DEMO_LOGINS.map(
      (l) =>
        `    ${l.email.padEnd(28)} ${base}/${l.tenant}/login  (${l.name}${shared ? '' : `, password ${l.password}`})`,
    ),
  ]
}

async function waitUntilReady() {
  const url = `http://127.0.0.1:${port}/api/v1/mandant/demo`
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline && !exiting) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status === 200) return true
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}

if (await waitUntilReady()) {
  const base = `http://localhost:${port}`
  const lines = [
    '',
    '────────────────────────────────────────────────────────────────────',
    '  The referral portal is running (embedded PGlite database, demo tenants).',
    '',
    `  Lumenta Telekom (open)           ${base}/demo`,
    `  Lumenta Telekom in English       ${base}/demo/en`,
    `  Fjordnet (login required)        ${base}/demo-closed`,
    `  Main API, tenant configuration   ${base}/api/v1/mandant/demo`,
    ...(process.env.DEV_TOOLS === 'false' ? [] : [`  Mailbox (developer tools)        ${base}/dev/mailbox`]),
    '',
    ...demoLoginLines(base),
    '',
    `  Agency area (single sign-on)     ${base}/demo/agentur   ${base}/demo-closed/agentur`,
    `  Agency logins at the local OpenID provider (password for all: ${DEMO_SSO.password}):`,
    ...DEMO_SSO.users.map((u) => `    ${u.login.padEnd(42)} ${u.label}`),
    '',
    '  Stop with Ctrl-C.',
    '────────────────────────────────────────────────────────────────────',
    '',
  ]
  console.log(lines.join('\n'))
} else if (!exiting) {
  console.error(
    `✖ the portal did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s; see the server log above`,
  )
  failed = true
  forward('SIGTERM')
}
