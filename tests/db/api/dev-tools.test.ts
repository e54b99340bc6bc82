import net from 'node:net'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { captchaChallengeSchema, userSchema } from '@/lib/contracts/account'
import { recommendationSchema } from '@/lib/contracts/recommendation'
import { DEMO_REFERRERS } from '@/lib/engine/tenants/demo-tenants'
import { registerAccount, releaseRegisteredAccounts } from '../support/accounts'
import { startServer, stopProcessGroup } from '../support/server-process'
import { BASE_URL } from '../support/test-server'

// QUALITY Security 15: a production build started with nothing set exposes no development aid. A second
// production server of the same build is started here as the README's `npm start` would be (no
// DEV_TOOLS, no APP_ENV), on a throw-away database: the mailbox page, the mailbox call, a real captcha's
// answer and the backdating of a real recommendation all answer 404 there. The suite's own server, which
// global-setup.ts starts with DEV_TOOLS=true, shows the same four answering, so the 404s are not an
// accident of the requests.

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }

let server: ChildProcess | undefined
let plainBase = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function status(url: string, init: RequestInit = {}): Promise<number | null> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init })
    await response.arrayBuffer()
    return response.status
  } catch {
    return null
  }
}

beforeAll(async () => {
  const port = await freePort()
  plainBase = `http://127.0.0.1:${port}`
  server = await startServer({
    port,
    dataDir: 'memory://',
    logFile: path.resolve('.data', `jest-dev-tools-${port}.log`),
    // Nothing that would turn the tools on, a database of its own, no mail worker or jobs on it.
    env: {
      DEV_TOOLS: undefined,
      APP_ENV: undefined,
      DATABASE_URL: undefined,
      PUBLIC_BASE_URL: undefined,
      MAIL_WORKER_INTERVAL_SECONDS: '0',
      JOB_INTERVAL_SECONDS: '0',
    },
  })
}, 150_000)

afterAll(async () => {
  await releaseRegisteredAccounts()
  await stopProcessGroup(server?.pid)
})

async function json(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { ...JSON_HEADERS }
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  const response = await fetch(`${base}${path}`, { ...init, headers })
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
}

/** A fresh captcha challenge of the server (POST captcha, as the login form asks for one). */
async function captchaId(base: string): Promise<string> {
  const created = await json(base, '/api/v1/demo/captcha', { method: 'POST' })
  expect(created.status).toBe(200)
  return captchaChallengeSchema.parse(created.body).CaptchaId
}

/** A shareable recommendation of a referrer logged in with the token. */
async function recommendationNumber(base: string, token: string): Promise<string> {
  const created = await json(base, '/api/v1/demo/Empfehlen/create', {
    method: 'POST',
    token,
    body: JSON.stringify({
      Empfehlung: { Produkt: 531, Channel: 'web', AgbText: 'Ich akzeptiere.', AnteilEmpfehler: 100 },
      Empfehler: { Vorname: 'Jest', Nachname: 'Werkzeug', Email: 'egal@example.org' },
    }),
  })
  expect(created.status).toBe(200)
  return recommendationSchema.parse(created.body).Empfehlungsnummer
}

/** The four development aids of the issue, as an outsider calls them. */
async function devAids(base: string, nr: string, captcha: string) {
  return {
    mailboxPage: await status(`${base}/dev/mailbox`),
    mailbox: await status(`${base}/api/dev/mailbox`),
    captchaAnswer: await status(`${base}/api/dev/captcha/${captcha}`),
    backdate: await status(`${base}/api/dev/zurueckdatieren/demo/${nr}?tage=1`, { method: 'PUT' }),
  }
}

describe('developer tools', () => {
  it('do not exist on a production server started with nothing set', async () => {
    const anna = DEMO_REFERRERS.demo!
    const login = await json(plainBase, '/api/v1/demo/account/login', {
      method: 'POST',
      body: JSON.stringify({ Email: anna.email, Password: anna.password }),
    })
    expect(login.status).toBe(200)
    const { token } = userSchema.parse(login.body)
    const nr = await recommendationNumber(plainBase, token)
    expect(await devAids(plainBase, nr, await captchaId(plainBase))).toEqual({
      mailboxPage: 404,
      mailbox: 404,
      captchaAnswer: 404,
      backdate: 404,
    })
    // A message of the mailbox is not there either.
    expect(await status(`${plainBase}/dev/mailbox/00000000-0000-4000-8000-000000000000`)).toBe(404)
    // The recommendation stayed where it was: the refused backdating changed nothing.
    const own = await json(plainBase, `/api/v1/demo/empfehlen/${nr}`, { token })
    const created = new Date(recommendationSchema.parse(own.body).ErstelltAm).getTime()
    expect(Math.abs(Date.now() - created)).toBeLessThan(10 * 60_000)
  })

  it.each([
    ['DEV_TOOLS=true', { DEV_TOOLS: 'true', DEMO_IDP_PORT: undefined }],
    ['DEMO_IDP_PORT', { DEV_TOOLS: undefined, DEMO_IDP_PORT: '1' }],
  ])(
    'refuse to start together with APP_ENV=production: %s',
    async (name, aid) => {
      const port = await freePort()
      const outcome = await startServer({
        port,
        dataDir: 'memory://',
        logFile: path.resolve('.data', `jest-dev-tools-${port}.log`),
        env: { APP_ENV: 'production', ...aid, DATABASE_URL: undefined },
      }).catch((error: unknown) => error)
      // A server that did start is stopped again before the test fails.
      if (!(outcome instanceof Error)) await stopProcessGroup((outcome as ChildProcess).pid)
      expect(outcome).toBeInstanceOf(Error)
      expect((outcome as Error).message).toMatch(
        new RegExp(`exited with code 1[^]*${name} is refused with APP_ENV=production`),
      )
      expect(await status(`http://127.0.0.1:${port}/api/dev/mailbox`)).toBeNull()
    },
    150_000,
  )

  it('answer on a server that turns them on (DEV_TOOLS=true, as the test servers and npm run demo do)', async () => {
    const account = await registerAccount('demo', { label: 'werkzeuge' })
    const nr = await recommendationNumber(BASE_URL, account.user.token)
    expect(await devAids(BASE_URL, nr, await captchaId(BASE_URL))).toEqual({
      mailboxPage: 200,
      mailbox: 200,
      captchaAnswer: 200,
      backdate: 200,
    })
  })
})
