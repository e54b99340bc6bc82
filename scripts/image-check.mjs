// @ts-check
// npm run image:check — the container image's build steps, run here (where no Docker daemon runs) as the
// Dockerfile runs them: a standalone production build (NEXT_OUTPUT=standalone, in .next-image), the
// image's /app assembled from it (scripts/assemble-image.mjs, into .data/image-app), then that directory
// started on its own (`node server.mjs`, no project node_modules beside it) as the image's user would:
// it must come up ready (/readyz), serve a tenant's home and the main API, answer /metrics on
// loopback, and stop cleanly on SIGTERM. SKIP_BUILD=1 reuses .next-image. Exits non-zero on any miss.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const DIST = '.next-image'
const APP = path.resolve('.data/image-app')
const PORT = Number(process.env.IMAGE_CHECK_PORT ?? 3140)
const base = `http://127.0.0.1:${PORT}`

/** @param {string} label @param {string[]} args @param {Record<string, string>} env */
function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
}

if (!process.env.SKIP_BUILD) {
  run('standalone build', ['node_modules/next/dist/bin/next', 'build'], {
    NEXT_OUTPUT: 'standalone',
    NEXT_DIST_DIR: DIST,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_SKIP_TYPECHECK: '1',
  })
}
run('assemble the image directory', ['scripts/assemble-image.mjs', DIST, APP])

console.log(`\n▶ start ${APP}/server.mjs on port ${PORT}`)
const data = mkdtempSync(path.join(tmpdir(), 'image-check-'))
const secret = (/** @type {string} */ name) => `${name}`.padEnd(64, '0').slice(0, 64)
const child = spawn(process.execPath, ['server.mjs', '-p', String(PORT)], {
  cwd: APP,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    APP_ENV: 'production',
    NEXT_DIST_DIR: DIST,
    NEXT_TELEMETRY_DISABLED: '1',
    HOSTNAME: '0.0.0.0',
    PGLITE_DATA_DIR: path.join(data, 'pglite'),
    SEED_DEMO_TENANTS: 'true',
    SESSION_SECRET: secret('5e55105e'),
    API_TOKEN_SECRET: secret('a91700c0'),
    OPERATOR_API_KEY: secret('0pe7a70r'),
    FIELD_ENCRYPTION_SECRET: secret('f1e1d5ec'),
    PUBLIC_BASE_URL: base,
  },
})
/** @type {string[]} */
const output = []
child.stdout.on('data', (chunk) => output.push(String(chunk)))
child.stderr.on('data', (chunk) => output.push(String(chunk)))
const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))

/** @param {string} message */
function fail(message) {
  console.error(`✖ ${message}\n--- server output ---\n${output.join('').slice(-4000)}`)
  child.kill('SIGKILL')
  process.exit(1)
}

/** @param {string} pathname */
async function status(pathname) {
  try {
    const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(10_000) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

let gone = false
void exited.then(() => (gone = true))
const deadline = Date.now() + 120_000
while ((await status('/readyz')) !== 200) {
  if (gone) fail('the server ended before it was ready')
  if (Date.now() > deadline) fail('the image did not become ready within 120 s')
  await new Promise((resolve) => setTimeout(resolve, 500))
}
for (const [pathname, expected] of /** @type {const} */ ([
  ['/healthz', 200],
  ['/demo', 200],
  ['/api/v1/mandant/demo', 200],
  ['/api/v1/demo/produkt', 200],
  ['/metrics', 200],
])) {
  const got = await status(pathname)
  if (got !== expected) fail(`${pathname} answered ${got}, expected ${expected}`)
  console.log(`  ${pathname} ${got}`)
}
child.kill('SIGTERM')
const code = await Promise.race([
  exited,
  new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
])
if (code !== 0) fail(`SIGTERM did not end the server cleanly (${code})`)
console.log('\n✔ the image directory starts, serves and stops cleanly')
