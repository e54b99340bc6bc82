import { randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Calls a server makes to itself, to run something inside a request of its own (Next renews its cache
 * only there): the address it listens on (server.mjs offers it when listening) and a secret of this
 * process, made at start and never sent anywhere else, that such a call bears. On globalThis, shared by
 * instrumentation, route handlers and server.mjs.
 */

const TOKEN = Symbol.for('referral-portal.internal-token')
const ORIGIN = Symbol.for('referral-portal.own-origin')
type Holder = { [TOKEN]?: string; [ORIGIN]?: string }

/** This process's secret for its calls to itself. */
export function internalToken(): string {
  return ((globalThis as Holder)[TOKEN] ??= randomBytes(32).toString('hex'))
}

/** Whether an Authorization header bears this process's secret. */
export function bearsInternalToken(authorization: string | null): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '')
  const own = Buffer.from(internalToken())
  return sent.length === own.length && timingSafeEqual(sent, own)
}

/** Where this server can reach itself (http://127.0.0.1:3000), once it listens; else null. */
export function ownOrigin(): string | null {
  return (globalThis as Holder)[ORIGIN] ?? null
}

/**
 * Applies a tenant change another server made, on this server: in a request to itself (POST
 * /api/internal/tenant-change), where Next's cache can be renewed. For the change buses.
 */
export async function applyTenantChangeHere(change: { tenant: string; scope: string }): Promise<void> {
  const origin = ownOrigin()
  if (!origin) throw new Error('the server does not listen yet')
  const response = await fetch(`${origin}/api/internal/tenant-change`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${internalToken()}`,
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: JSON.stringify({ tenant: change.tenant, scope: change.scope }),
    signal: AbortSignal.timeout(10_000),
  })
  if (response.status !== 204) throw new Error(`answer ${response.status}`)
}
