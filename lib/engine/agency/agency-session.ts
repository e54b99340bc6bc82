import 'server-only'
import { and, eq } from 'drizzle-orm'
import { agencies, agencyUsers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { isAgencyRole, mayEdit, mayUse, type AgencyRole, type AgencyView } from '@/lib/shared/agency/roles'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { getDb } from '@/lib/engine/db'

/** The person an agency token speaks for, with the agency whose data alone they see. */
export type AgencySessionUser = {
  id: string
  role: AgencyRole
  name: string
  email: string
  agency: { id: string; key: string; name: string }
}

/**
 * The agency user the main-API wrapper verified for this request's claims (lib/engine/auth/
 * verify-session), held while the request runs so the handler reads no second time.
 */
const verified = new WeakMap<TokenClaims, AgencySessionUser>()

/** The agency user of a token; refused (PSOF0204) after logout or when the person or agency is gone. */
export async function agencyUserForSession(
  tenantSlug: string,
  claims: TokenClaims,
): Promise<AgencySessionUser> {
  if (claims.role !== 'agency' || claims.ten !== tenantSlug) throw new ApiError('PSOF0204')
  return verified.get(claims) ?? loadAgencyUser(tenantSlug, claims)
}

export async function holdAgencySession(tenantSlug: string, claims: TokenClaims): Promise<void> {
  verified.set(claims, await agencyUserForSession(tenantSlug, claims))
}

export function releaseAgencySession(claims: TokenClaims): void {
  verified.delete(claims)
}

/**
 * The check of options `agencyView` and `agencyEdit` of every agentur/* call: an agency token whose
 * role has the view (and, for a change, may make it).
 */
export async function requireAgencyView(
  tenantSlug: string,
  claims: TokenClaims | null,
  view: AgencyView,
  edit = false,
): Promise<AgencySessionUser> {
  if (!claims) throw new ApiError('PSOF0204')
  if (claims.role !== 'agency') throw new ApiError('NichtAuthorisiert')
  const user = await agencyUserForSession(tenantSlug, claims)
  if (!(edit ? mayEdit : mayUse)(user.role, view)) throw new ApiError('NichtAuthorisiert')
  return user
}

async function loadAgencyUser(tenantSlug: string, claims: TokenClaims): Promise<AgencySessionUser> {
  const db = await getDb()
  const [row] = await db
    .select({
      id: agencyUsers.id,
      role: agencyUsers.role,
      name: agencyUsers.name,
      email: agencyUsers.email,
      sessionVersion: agencyUsers.sessionVersion,
      agencyId: agencies.id,
      agencyKey: agencies.key,
      agencyName: agencies.name,
    })
    .from(agencyUsers)
    .innerJoin(agencies, eq(agencies.id, agencyUsers.agencyId))
    .where(and(eq(agencyUsers.tenantSlug, tenantSlug), eq(agencyUsers.id, claims.sub)))
    .limit(1)
  if (!row || row.sessionVersion !== claims.sv || !isAgencyRole(row.role)) throw new ApiError('PSOF0204')
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    agency: { id: row.agencyId, key: row.agencyKey, name: row.agencyName },
  }
}
