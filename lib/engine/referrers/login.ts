import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/errors'
import { verifyPassword } from '@/lib/engine/auth/password'
import { issueToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import type { LoginRequest, User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { normalizeEmail, toUser } from './to-user'

/**
 * POST /account/login. Unknown e-mail and wrong password give the same answer after the same work,
 * so the answer never reveals whether an e-mail is registered.
 */
export async function login(tenant: Tenant, input: LoginRequest, clock?: Clock): Promise<User> {
  const db = await getDb()
  const email = normalizeEmail(input.Email)
  const [referrer] = await db
    .select()
    .from(referrers)
    .where(and(eq(referrers.tenantSlug, tenant.slug), eq(referrers.email, email)))
    .limit(1)
  const ok = await verifyPassword(referrer?.passwordHash ?? null, input.Password)
  if (!referrer || !ok) throw new ApiError('PasswortOderEmailFalsch')
  if (referrer.locked) throw new ApiError('KontoGesperrt')
  const token = issueToken(
    { ten: tenant.slug, sub: referrer.id, role: 'referrer', sv: referrer.sessionVersion },
    { clock },
  )
  return toUser(referrer, token)
}
