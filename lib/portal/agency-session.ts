import 'server-only'
import { cookies } from 'next/headers'
import { getIronSession, type SessionOptions } from 'iron-session'
import { env } from '@/lib/shared/env'
import type { AgencyUser } from '@/lib/contracts/agency'
import type { Locale } from '@/lib/i18n/config'
import { tokenExpiry } from '@/lib/portal/token-expiry'

/**
 * The agency session (SPEC §4, §6): a cookie of its own beside the referrer's (psoe_token), encrypted
 * and httpOnly, so a referrer's login and logout never touch it and the other way round. It holds the
 * agency token, who it is for, and while a sign-on is under way its state and PKCE verifier (the
 * nonce derives from the verifier). No token reaches browser JavaScript.
 */
export const AGENCY_SESSION_COOKIE = 'psoe_agentur'

/** A sign-on that was started: answered at /sso within this time, else it has to start again. */
export const SSO_PENDING_MS = 10 * 60 * 1000

export type AgencySessionData = {
  tenant?: string
  token?: string
  user?: Omit<AgencyUser, 'token'>
  expiresAt?: number
  sso?: { tenant: string; state: string; verifier: string; locale: Locale; startedAt: number }
  /**
   * The next sign-on asks the provider for the account again (prompt=login): set once a session of
   * this browser ended (logout, a session ended elsewhere) or a sign-on was refused, so neither the next
   * person at a shared device nor someone refused (no role, another agency) is signed in again by the
   * provider's own session without being asked. Cleared by a successful sign-in.
   */
  askAgain?: true
}

function options(): SessionOptions {
  return {
    cookieName: AGENCY_SESSION_COOKIE,
    password: env().SESSION_SECRET,
    ttl: 8 * 60 * 60,
    // The same shape as the referrer's session cookie (lib/portal/session.ts): the provider sends the
    // browser back with a top-level GET, which carries a SameSite=None cookie.
    cookieOptions: { httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/' },
  }
}

export async function getAgencySession() {
  return getIronSession<AgencySessionData>(await cookies(), options())
}

export type ActiveAgencySession = { token: string; user: Omit<AgencyUser, 'token'>; expiresAt: number }

/** The agency login of this tenant that has not run out, or null. */
export async function agencySessionFor(tenant: string): Promise<ActiveAgencySession | null> {
  const session = await getAgencySession()
  if (session.tenant !== tenant || !session.token || !session.user || !session.expiresAt) return null
  if (session.expiresAt <= Date.now()) return null
  return { token: session.token, user: session.user, expiresAt: session.expiresAt }
}

export async function startAgencySession(tenant: string, agencyUser: AgencyUser) {
  const session = await getAgencySession()
  const { token, ...user } = agencyUser
  session.tenant = tenant
  session.token = token
  session.user = user
  session.expiresAt = tokenExpiry(token) ?? 0
  delete session.sso
  delete session.askAgain
  await session.save()
}

/** Ends this browser's agency session; the next sign-on asks the provider for the account (askAgain). */
export async function endAgencySession() {
  const session = await getAgencySession()
  for (const key of Object.keys(session) as (keyof AgencySessionData)[]) delete session[key]
  session.askAgain = true
  await session.save()
}
