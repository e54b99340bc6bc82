import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import { viewsOf } from '@/lib/shared/agency/roles'
import type { VerifiedAgencyToken } from '@/lib/contracts/agency'
import { readToken } from '@/lib/engine/auth/token'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { agencyUserForSession } from './agency-session'

/**
 * GET token/verifyAgenturToken?t= (SPEC §6, §7.1): whether an agency token of this tenant still
 * stands, and for whom. Anything else (another tenant's, a referrer's, forged, expired, logged out)
 * is PSOF0204, on which the area drops its session (SPEC §7.9).
 */
export async function verifyAgencyToken(tenant: Tenant, token: string): Promise<VerifiedAgencyToken> {
  const claims = readToken(token)
  if (!claims || claims.role !== 'agency' || claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  const user = await agencyUserForSession(tenant.slug, claims)
  return {
    roles: [user.role],
    views: viewsOf(user.role),
    name: user.name,
    email: user.email,
    agentur: { key: user.agency.key, name: user.agency.name },
    exp: claims.exp,
  }
}
