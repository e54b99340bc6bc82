import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { holdReferrerSession, releaseReferrerSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { recipientForToken } from '@/lib/engine/recipients/recipient-consent'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { getDb } from '@/lib/engine/db'
import { holdAgencySession, releaseAgencySession } from '@/lib/engine/agency/agency-session'
import { systemClock } from '@/lib/engine/clock'
import { rewardForToken } from '@/lib/engine/rewards/reward-token'

/**
 * Whether a well-signed token of this tenant still speaks for someone. The wrapper of every main-API
 * call asks this before any handler runs, so no handler can forget it: a referrer's token only while
 * the account exists, is not locked and the session version it carries is current (logout, lock,
 * deletion and a password change raise it); a recipient's token only while the recipient's confirmed
 * data exist; an agency user's only while the person and agency exist and the session was not ended.
 * Anything else is PSOF0204. The referrer row read here serves the handler too; call
 * `endVerifiedSession` when the request is answered.
 */
export async function verifySession(tenant: Tenant, claims: TokenClaims): Promise<void> {
  if (claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  if (claims.role === 'referrer') await holdReferrerSession(tenant.slug, claims)
  else if (claims.role === 'recipient') await recipientForToken(tenant, claims)
  else if (claims.role === 'agency') await holdAgencySession(tenant.slug, claims)
}

export function endVerifiedSession(claims: TokenClaims | null): void {
  if (!claims) return
  releaseReferrerSession(claims)
  releaseAgencySession(claims)
}

/**
 * Whether a reward link's own token (the reward pages' calls) stands for a reward of this tenant that
 * can still be reached: checked by the wrapper before any input is read, so a wrong or expired link
 * is refused as such (PraemieTokenUngueltig, PraemieTokenAbgelaufen) whatever else was sent.
 */
export async function verifyRewardLink(tenant: Tenant, token: string, now = systemClock()): Promise<void> {
  await rewardForToken(await getDb(), tenant.slug, token, now)
}
