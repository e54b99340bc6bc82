import 'server-only'
import { createHmac } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { loginFailures } from '@/lib/db/schema'
import { env } from '@/lib/env'
import type { TenantSettings } from '@/lib/tenants/settings'

/**
 * Failed logins per e-mail and per client IP (QUALITY 6). Keys are HMACs of the e-mail or IP, so the
 * table holds no personal data in plain form. The e-mail counter runs whether or not the e-mail is
 * registered; an IP counter forgets failures older than an hour.
 */

const IP_WINDOW_MS = 60 * 60 * 1000

export type ThrottleKeys = { email: string; ip: string | null }

function keyHash(kind: 'email' | 'ip', value: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`${kind}:${value}`).digest('hex')
}

export function emailKey(email: string) {
  return keyHash('email', email)
}

export type ThrottleState = { emailFailures: number; ipFailures: number }

export async function readThrottle(db: Db, tenantSlug: string, keys: ThrottleKeys, now: Date) {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.tenantSlug, tenantSlug),
        inArray(
          loginFailures.keyHash,
          keys.ip ? [emailKey(keys.email), keyHash('ip', keys.ip)] : [emailKey(keys.email)],
        ),
      ),
    )
  const state: ThrottleState = { emailFailures: 0, ipFailures: 0 }
  for (const row of rows) {
    if (row.keyHash === emailKey(keys.email)) state.emailFailures = row.failures
    else if (now.getTime() - row.firstFailedAt.getTime() < IP_WINDOW_MS) state.ipFailures = row.failures
  }
  return state
}

/** Counts one failure for the e-mail and the IP; answers the e-mail's new count. */
export async function recordFailure(db: Db, tenantSlug: string, keys: ThrottleKeys, now: Date) {
  const [row] = await db
    .insert(loginFailures)
    .values({ tenantSlug, keyHash: emailKey(keys.email), failures: 1, firstFailedAt: now, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.tenantSlug, loginFailures.keyHash],
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: now },
    })
    .returning({ failures: loginFailures.failures })
  if (keys.ip) await recordWindowFailure(db, tenantSlug, keyHash('ip', keys.ip), now, IP_WINDOW_MS)
  return row!.failures
}

/**
 * Counts one failure under a key within a time window (per client IP: wrong logins, wrong codes); a
 * window that has passed starts over. Answers the count in the current window.
 */
export async function recordWindowFailure(
  db: Db,
  tenantSlug: string,
  key: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString()
  const nowIso = now.toISOString()
  const [row] = await db
    .insert(loginFailures)
    .values({ tenantSlug, keyHash: key, failures: 1, firstFailedAt: now, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.tenantSlug, loginFailures.keyHash],
      set: {
        failures: sql`case when ${loginFailures.firstFailedAt} < ${windowStart}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        firstFailedAt: sql`case when ${loginFailures.firstFailedAt} < ${windowStart}::timestamptz then ${nowIso}::timestamptz else ${loginFailures.firstFailedAt} end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: loginFailures.failures })
  return row!.failures
}

/** The failures counted under a key within the window that is still running. */
export async function windowFailures(
  db: Db,
  tenantSlug: string,
  key: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.tenantSlug, tenantSlug), eq(loginFailures.keyHash, key)))
    .limit(1)
  if (!row || now.getTime() - row.firstFailedAt.getTime() >= windowMs) return 0
  return row.failures
}

/** A successful login or a new password clears the e-mail's counter. */
export async function clearFailures(db: Db, tenantSlug: string, email: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.tenantSlug, tenantSlug), eq(loginFailures.keyHash, emailKey(email))))
}

export type ThrottleDecision = 'ok' | 'captcha' | 'locked'

export function decideThrottle(settings: TenantSettings, state: ThrottleState): ThrottleDecision {
  if (state.emailFailures >= settings.LoginLockAfterFailures) return 'locked'
  if (
    state.emailFailures >= settings.LoginCaptchaAfterFailures ||
    state.ipFailures >= settings.LoginCaptchaAfterFailuresPerIp
  )
    return 'captcha'
  return 'ok'
}
