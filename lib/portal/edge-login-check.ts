import 'server-only'
import type { EdgeLoginCheck } from '@/lib/shared/edge-login-check'
import { getUser } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { sealedLoginFor } from '@/lib/portal/session'

/**
 * Whether a session cookie's value is a login of `tenant` that the main API accepts now: the cookie
 * holds one (as sessionFor reads it) and the main API answers the account to its token (so a logout
 * elsewhere, a lock or a password change count at once, as on the session route). Whatever fails is no
 * login; Next then renders the request and decides itself.
 */
export const isCurrentLogin: EdgeLoginCheck = async (tenant, seal) => {
  const login = await sealedLoginFor(seal, tenant)
  if (!login) return false
  try {
    await getUser(apiContext({ tenant, locale: 'de' }, login))
    return true
  } catch {
    return false
  }
}
