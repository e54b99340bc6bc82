// The server the Playwright suite runs against (playwright.config.ts → webServer).
// Every run starts from a fresh PGlite database (the demo tenants are seeded on start) and uses fixed
// secrets, so the suite never depends on, or changes, anyone's working data (.data/pglite).
// It serves the build in NEXT_DIST_DIR (default .next); that build must have been made with the
// same TENANT_HOSTS so the host-mapped URLs (demo.localhost) work.
// E2E_MAIN_API=separate runs the portal against a separately started main API, as a deployment with
// MAIN_API_URL does: the engine (same build, its own process) on E2E_PORT + 2000 owns the database,
// mail and jobs; the portal on E2E_PORT calls it over HTTP and passes its /api paths on to it.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'

import { E2E_OPERATOR_API_KEY, E2E_PORT, E2E_TENANT_HOSTS } from '../tests/e2e/server-env.mjs'

// One directory per port: suites run at the same time on other ports never delete each other's.
const dataDir = path.join('.data', `e2e-pglite-${E2E_PORT}`)
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })

const SEPARATE = process.env.E2E_MAIN_API === 'separate'
const ENGINE_PORT = E2E_PORT + 2000
const ORIGIN = `http://localhost:${E2E_PORT}`

const common = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  // Test-only secrets (64 hex characters each); never used outside this suite.
  SESSION_SECRET: 'e2e0c5a1f3b7d9e2a4c6b8d0f1e3a5c7b9d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9',
  API_TOKEN_SECRET: 'e2e1d6b2a4c8e0f3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1',
  OPERATOR_API_KEY: E2E_OPERATOR_API_KEY,
  TENANT_HOSTS: E2E_TENANT_HOSTS,
  // The suite reads mails, captcha answers and moves recommendations back (developer tools).
  DEV_TOOLS: 'true',
  // The suite stands in for one reverse proxy: tests pick the address they are counted under with
  // X-Forwarded-For (server.mjs trusts exactly that many proxies; the default is none). Separately,
  // the portal is the one proxy in front of the engine and passes the resolved address on.
  TRUSTED_PROXY_HOPS: '1',
}

/** The server with the engine: the whole portal, or in the separate mode the main API behind it. */
const engineEnv = {
  ...common,
  PORT: String(SEPARATE ? ENGINE_PORT : E2E_PORT),
  PGLITE_DATA_DIR: dataDir,
  // No PUBLIC_BASE_URL: links in mails and share texts must point at this server from its port alone,
  // as on a developer's machine (tests/e2e/mailed-links.spec.ts checks every one). Mail is delivered
  // within a second. Separately, the engine names the portal's address, as a deployment does.
  ...(SEPARATE ? { PUBLIC_BASE_URL: ORIGIN } : {}),
  // The local OpenID provider of the agency area's single sign-on (scripts/demo-idp.mjs).
  DEMO_IDP_PORT: String(E2E_PORT + 1000),
  MAIL_WORKER_INTERVAL_SECONDS: '1',
  SEED_DEMO_TENANTS: 'true',
}

/** @param {Record<string, string | undefined>} env */
function serve(env) {
  return spawn(process.execPath, ['server.mjs', '-p', String(env.PORT)], { stdio: 'inherit', env })
}

const engine = serve(engineEnv)
const children = [engine]
if (SEPARATE) {
  await waitFor(`http://127.0.0.1:${ENGINE_PORT}/api/v1/mandant/demo`)
  children.push(
    serve({
      ...common,
      PORT: String(E2E_PORT),
      MAIN_API_URL: `http://127.0.0.1:${ENGINE_PORT}/api/v1`,
    }),
  )
}

/** @param {string} url */
async function waitFor(url) {
  for (let i = 0; i < 360; i++) {
    if (engine.exitCode !== null) process.exit(engine.exitCode)
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  console.error(`e2e-server: the main API did not answer at ${url}`)
  process.exit(1)
}

// Playwright stops the server with a signal: pass it on so no server process is left behind.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => children.forEach((c) => c.kill(signal)))
}
for (const c of children) {
  c.on('exit', (code, signal) => {
    for (const other of children) if (other !== c) other.kill('SIGTERM')
    process.exit(code ?? (signal ? 1 : 0))
  })
}
