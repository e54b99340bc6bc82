import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '@/lib/shared/env'
import type { NewsletterState } from '@/lib/contracts/account'
import type { ReferrerRow } from './to-user'

/** SPEC §4: opted in with permission; pending when a confirmation mail went out; otherwise opted out. */
export function newsletterState(
  referrer: Pick<ReferrerRow, 'newsletterPermission' | 'newsletterPermissionSentAt'>,
): NewsletterState {
  if (referrer.newsletterPermission) return 'optedIn'
  return referrer.newsletterPermissionSentAt ? 'pending' : 'optedOut'
}

export function newsletterStatus(referrer: ReferrerRow) {
  return {
    Status: newsletterState(referrer),
    newsletterpermission: referrer.newsletterPermission,
    newsletterpermissionversendetam: referrer.newsletterPermissionSentAt?.toISOString() ?? null,
  }
}

/**
 * The unsubscribe link's token: the referrer id with an HMAC. It does not expire and works more than
 * once, because an unsubscribe link must keep working as long as mails with it exist.
 */
export function optoutToken(referrerId: string): string {
  return `${referrerId}.${sign(referrerId)}`
}

export function readOptoutToken(token: string): string | null {
  const [id, signature, ...rest] = token.split('.')
  if (!id || !signature || rest.length) return null
  const expected = Buffer.from(sign(id))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null
}

function sign(id: string) {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`newsletter-optout:${id}`).digest('base64url')
}
