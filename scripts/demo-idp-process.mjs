// @ts-check
// Starts the local demo OpenID provider (scripts/demo-idp.mjs) beside a server that asks for it with
// DEMO_IDP_PORT (npm run demo and the test servers do; nothing else does, and never with
// APP_ENV=production). It runs as a child process and ends with its parent; DEMO_IDP_URL then tells the
// engine where it is (the demo tenants' single sign-on is pointed at it on start).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-idp.mjs')

/** @param {number} serverPort the portal's port: the provider accepts its /{tenant}/sso on loopback names */
export async function startDemoIdp(serverPort) {
  const idpPort = process.env.DEMO_IDP_PORT
  if (!idpPort) return
  if (process.env.APP_ENV === 'production') {
    console.error(
      'DEMO_IDP_PORT is refused with APP_ENV=production: the demo OpenID provider never runs in production',
    )
    process.exit(1)
  }
  const portalUrls = new Set([`http://localhost:${serverPort}`, `http://127.0.0.1:${serverPort}`])
  if (process.env.PUBLIC_BASE_URL) portalUrls.add(process.env.PUBLIC_BASE_URL.replace(/\/$/, ''))
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DEMO_IDP_PORT: idpPort, DEMO_IDP_PORTAL_URLS: [...portalUrls].join(',') },
  })
  const ready = await new Promise((resolve) => {
    child.once('message', (message) => resolve(message === 'ready'))
    child.once('exit', () => resolve(false))
  })
  if (!ready) {
    console.error(
      `demo OpenID provider did not start on port ${idpPort}: agency single sign-on is unavailable`,
    )
    return
  }
  process.env.DEMO_IDP_URL = `http://127.0.0.1:${idpPort}`
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => child.kill(signal))
  }
}
