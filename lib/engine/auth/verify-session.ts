import 'server-only'
import { ApiError } from '@/lib/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { holdReferrerSession, releaseReferrerSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { recipientForToken } from '@/lib/engine/recipients/recipient-consent'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'

/**
 * Whether a well-signed token of this tenant still speaks for someone. The wrapper of every main-API
 * call asks this before any handler runs, so no handler can forget it: a referrer's token only while
 * the account exists, is not locked and the session version it carries is current (logout, lock,
 * deletion and a password change raise it); a recipient's token only while the recipient's confirmed
 * data exist. Anything else is PSOF0204. The referrer row read here serves the handler too; call
 * `endVerifiedSession` when the request is answered.
 */
export async function verifySession(tenant: Tenant, claims: TokenClaims): Promise<void> {
  if (claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  if (claims.role === 'referrer') await holdReferrerSession(tenant.slug, claims)
  else if (claims.role === 'recipient') await recipientForToken(tenant, claims)
}

export function endVerifiedSession(claims: TokenClaims | null): void {
  if (claims) releaseReferrerSession(claims)
}
