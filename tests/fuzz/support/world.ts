import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import http from 'node:http'
import { sealData } from 'iron-session'
import { userSchema } from '@/lib/contracts/account'
import { issueToken } from '@/lib/engine/auth/token'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'
import { call } from '../../db/support/http'
import { sharedRecommendation } from '../../db/support/recommendations'
import { confirmedFriend } from '../../db/support/rewards'
import { BASE_URL, TEST_OPERATOR_API_KEY, TEST_SESSION_SECRET } from '../../db/support/test-server'

/**
 * What the fuzzer's requests are about and who sends them: a referrer with a confirmed recommendation
 * (so a recommendation number, hex and code that exist), a confirmed friend of it (a recipient token),
 * the operator's key, and minted tokens that are signed correctly but wrong in one way. Made through
 * the API alone, on the fuzz server.
 *
 * A call under fuzz may end the referrer's session (logout, deletion, a lock, a new password): the
 * world then logs the referrer in again with an operator's admin token, and when the account is gone for
 * good it hands out throw-away accounts for the rest of that call (`renewReferrer`).
 */

export type Bearer =
  | 'none'
  | 'referrer'
  | 'recipient'
  | 'operator'
  | 'otherTenant'
  | 'wrongRole'
  | 'expired'
  | 'staleSession'
  | 'unknownReferrer'
  | 'forged'
  | 'garbage'
  /** A bearer without dots: taken as a reward link's own token where a call accepts one. */
  | 'opaque'

export type World = {
  tenant: 'demo'
  referrer: { email: string; token: string; id: string }
  recipient: { number: string; email: string; token: string }
  recommendation: { nr: string; hex: string; code: string | null }
  /** Values path parameters and fields take when they should point at something that exists. */
  known: string[]
  bearers: Record<Bearer, string | null>
  /** The portal's session cookie of the referrer (the form actions of pages behind the login). */
  sessionCookie: string
}

function claimsOf(token: string): { sub: string; sv?: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
}

/** The portal's session cookie (lib/portal/session.ts) for a referrer's token, sealed with the server's key. */
async function sealSession(tenant: string, token: string, email: string): Promise<string> {
  const seal = await sealData(
    {
      tenant,
      token,
      user: { vorname: 'Fuzz', nachname: 'Referrer', email, language: 'de', admin: false },
      expiresAt: Date.now() + 8 * 60 * 60 * 1000,
    },
    { password: TEST_SESSION_SECRET, ttl: 8 * 60 * 60 },
  )
  return `${SESSION_COOKIE}=${seal}`
}

function mintedBearers(referrer: {
  token: string
}): Omit<Record<Bearer, string | null>, 'referrer' | 'recipient'> {
  const { sub, sv } = claimsOf(referrer.token)
  const [header, payload] = referrer.token.split('.')
  return {
    none: null,
    operator: TEST_OPERATOR_API_KEY,
    otherTenant: issueToken({ ten: 'demo-closed', sub, role: 'referrer', sv }),
    wrongRole: issueToken({ ten: 'demo', sub, role: 'agency', sv }),
    expired: issueToken({ ten: 'demo', sub, role: 'referrer', sv }, { lifetimeSeconds: -60 }),
    staleSession: issueToken({ ten: 'demo', sub, role: 'referrer', sv: (sv ?? 0) - 1 }),
    unknownReferrer: issueToken({ ten: 'demo', sub: randomUUID(), role: 'referrer', sv: 0 }),
    forged: `${header}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
    garbage: 'a.b.c',
    opaque: randomBytes(32).toString('base64url'),
  }
}

export async function makeWorld(): Promise<World> {
  const shared = await sharedRecommendation('fuzz', { anteil: 50 })
  const friend = await confirmedFriend(shared)
  const referrer = { email: shared.email, token: shared.token, id: claimsOf(shared.token).sub }
  return {
    tenant: 'demo',
    referrer,
    recipient: { number: friend.empfaengernummer, email: friend.email, token: friend.token },
    recommendation: { nr: shared.nr, hex: shared.hex, code: shared.code },
    known: [
      shared.nr,
      shared.hex,
      shared.code ?? shared.nr,
      friend.empfaengernummer,
      shared.email,
      friend.email,
      referrer.id,
      '462',
    ],
    bearers: { ...mintedBearers(referrer), referrer: referrer.token, recipient: friend.token },
    sessionCookie: await sealSession('demo', referrer.token, referrer.email),
  }
}

/** Whether a bearer's session still stands (a call of its own role answers 200). */
export async function alive(world: World, bearer: 'referrer' | 'recipient'): Promise<boolean> {
  const path = bearer === 'referrer' ? '/api/v1/demo/account/user' : '/api/v1/demo/empfaenger/auftrag'
  const answer = await call(path, { token: world.bearers[bearer] ?? '' })
  return answer.status === 200
}

async function adminLogin(email: string): Promise<string | null> {
  const issued = await call('/api/v1/demo/operator/adminLoginToken', {
    method: 'POST',
    token: TEST_OPERATOR_API_KEY,
    body: { Email: email, Grund: 'Fuzz: Sitzung erneuern', Bearbeiter: 'fuzz' },
  })
  if (issued.status !== 200) return null
  const { Token } = issued.json as { Token: string }
  const login = await call('/api/v1/demo/account/adminLogin', { method: 'POST', body: { Token } })
  return login.status === 200 ? userSchema.parse(login.json).token : null
}

/**
 * POST account/createEmpfehler from a loopback address of its own (127.0.x.y): registrations are limited
 * per client address and hour, the fuzz server trusts no proxy (its client address is the connection's),
 * and a campaign may need more throw-away accounts than one person registers.
 */
function registerFromOwnAddress(body: unknown): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(BASE_URL)
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path: '/api/v1/demo/account/createEmpfehler',
        method: 'POST',
        localAddress: `127.0.${randomInt(1, 255)}.${randomInt(1, 255)}`,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
          'X-Requested-With': 'XMLHttpRequest',
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    request.on('error', reject)
    request.end(data)
  })
}

/**
 * A new session for the referrer after a call ended it: an admin login of the same account, or a
 * throw-away account when that one is deleted or locked. Returns whether the world's own referrer
 * (the owner of its recommendation) is still the one.
 */
export async function renewReferrer(world: World): Promise<boolean> {
  let token = await adminLogin(world.referrer.email)
  let own = true
  if (!token) {
    own = false
    const email = `fuzz-${randomUUID()}@example.org`
    const created = await registerFromOwnAddress({ Vorname: 'Fuzz', Nachname: 'Wegwerf', Email: email })
    if (created.status !== 200) throw new Error(`throw-away account not created: ${created.text}`)
    token = await adminLogin(email)
    if (!token) throw new Error('throw-away account: no admin login')
    world.referrer = { email, token, id: claimsOf(token).sub }
  }
  world.referrer.token = token
  world.bearers = { ...world.bearers, ...mintedBearers(world.referrer), referrer: token }
  world.sessionCookie = await sealSession('demo', token, world.referrer.email)
  return own
}
