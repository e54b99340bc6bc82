import 'server-only'
import * as oidc from 'openid-client'
import { and, eq, sql } from 'drizzle-orm'
import { agencies, agencyUsers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { log } from '@/lib/shared/log'
import { roleFromClaim, viewsOf } from '@/lib/shared/agency/roles'
import { ssoNonce } from '@/lib/shared/agency/sso-nonce'
import type { AgencySsoRequest, AgencyUser } from '@/lib/contracts/agency'
import { issueToken } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { getDb } from '@/lib/engine/db'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { ssoProvider, ssoRedirectUri } from './sso-provider'
import { admitEmployee, linkEmployee } from './staff/admit-employee'

/** An agency token lives as long as a referrer's; the area drops it when it runs out (SPEC §4). */
export const AGENCY_TOKEN_SECONDS = 8 * 60 * 60

/**
 * PUT agentur/sso {Code, Verifier} (SPEC §6, §7.1): exchanges the authorization code at the tenant's
 * provider with the PKCE verifier, accepts the ID token only with this provider as issuer, the tenant's
 * client as audience, the nonce bound to the verifier, a signature from the provider's keys and a time
 * not passed; reads role and agency from its claims (or the userinfo answer), records the person by
 * issuer and subject, and answers an agency token. No role, or an agency the tenant does not know: no
 * access; an employee the owner deactivated neither (lib/engine/agency/staff).
 */
export async function signInAgencyUser(
  tenant: Tenant,
  { Code, Verifier }: AgencySsoRequest,
  clock: Clock = systemClock,
): Promise<AgencyUser> {
  const provider = await ssoProvider(tenant)
  const claims = await redeemCode(provider, tenant, Code, Verifier)
  const { RoleClaim, AgencyClaim } = tenant.settings.Sso
  const role = roleFromClaim(claims[RoleClaim])
  if (!role) throw new ApiError('AgenturKeineRolle')
  const db = await getDb()
  const agencyKey = typeof claims[AgencyClaim] === 'string' ? (claims[AgencyClaim] as string) : ''
  const [agency] = await db
    .select({ id: agencies.id, key: agencies.key, name: agencies.name })
    .from(agencies)
    .where(and(eq(agencies.tenantSlug, tenant.slug), eq(agencies.key, agencyKey)))
    .limit(1)
  if (!agency) throw new ApiError('AgenturUnbekannt')
  const person = {
    role,
    agencyId: agency.id,
    email: typeof claims.email === 'string' ? claims.email : '',
    name: typeof claims.name === 'string' ? claims.name : '',
    lastLoginAt: clock(),
  }
  const identity = { issuer: String(claims.iss), subject: String(claims.sub) }
  const employee =
    role === 'AgenturMitarbeiter'
      ? { tenantSlug: tenant.slug, agencyId: agency.id, ...identity, email: person.email, name: person.name }
      : null
  if (employee) await admitEmployee(db, employee)
  const [user] = await db
    .insert(agencyUsers)
    .values({ tenantSlug: tenant.slug, ...identity, ...person })
    .onConflictDoUpdate({
      target: [agencyUsers.tenantSlug, agencyUsers.issuer, agencyUsers.subject],
      set: person,
    })
    .returning({ id: agencyUsers.id, sessionVersion: agencyUsers.sessionVersion })
  if (!user) throw new ApiError('Default')
  if (employee) await linkEmployee(db, employee, user.id)
  const token = issueToken(
    { ten: tenant.slug, sub: user.id, role: 'agency', sv: user.sessionVersion },
    { lifetimeSeconds: AGENCY_TOKEN_SECONDS, clock },
  )
  return {
    token,
    roles: [role],
    views: viewsOf(role),
    name: person.name,
    email: person.email,
    agentur: { key: agency.key, name: agency.name },
  }
}

/** The verified claims of the ID token, completed from userinfo where role or agency are not in it. */
async function redeemCode(
  provider: oidc.Configuration,
  tenant: Tenant,
  code: string,
  verifier: string,
): Promise<Record<string, unknown>> {
  const metadata = provider.serverMetadata()
  // The portal received the code at this address and checked the answer's state and issuer there.
  const callback = new URL(ssoRedirectUri(tenant))
  callback.searchParams.set('code', code)
  if (metadata.authorization_response_iss_parameter_supported)
    callback.searchParams.set('iss', metadata.issuer)
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
  try {
    tokens = await oidc.authorizationCodeGrant(provider, callback, {
      pkceCodeVerifier: verifier,
      expectedNonce: ssoNonce(verifier),
      expectedState: oidc.skipStateCheck,
      idTokenExpected: true,
    })
  } catch (error) {
    log.info('single sign-on: code refused', { tenant: tenant.slug, reason: errorName(error) })
    throw new ApiError('AgenturAnmeldungFehlgeschlagen')
  }
  const claims: Record<string, unknown> = { ...tokens.claims() }
  const { RoleClaim, AgencyClaim } = tenant.settings.Sso
  const missing = [RoleClaim, AgencyClaim, 'name', 'email'].some((claim) => claims[claim] === undefined)
  if (missing && tokens.access_token && metadata.userinfo_endpoint) {
    try {
      const info = await oidc.fetchUserInfo(provider, tokens.access_token, String(claims.sub))
      for (const [claim, value] of Object.entries(info))
        if (claims[claim] === undefined) claims[claim] = value
    } catch (error) {
      log.warn('single sign-on: userinfo not read', { tenant: tenant.slug, reason: errorName(error) })
    }
  }
  return claims
}

function errorName(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, error: oauthError } = error as { code?: unknown; error?: unknown }
    return String(oauthError ?? code ?? (error as Error).name)
  }
  return 'unknown'
}

/** Logout of the agency area: every token of this person ends (DELETE agentur/sso). */
export async function endAgencySessions(tenantSlug: string, userId: string): Promise<void> {
  const db = await getDb()
  await db
    .update(agencyUsers)
    .set({ sessionVersion: sql`${agencyUsers.sessionVersion} + 1` })
    .where(and(eq(agencyUsers.tenantSlug, tenantSlug), eq(agencyUsers.id, userId)))
}
