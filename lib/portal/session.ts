import 'server-only'
import { cookies } from 'next/headers'
import { getIronSession, unsealData, type SessionOptions } from 'iron-session'
import { env } from '@/lib/shared/env'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'
import type { User } from '@/lib/contracts/account'
import type { Locale } from '@/lib/i18n/config'
import { tokenExpiry } from '@/lib/portal/token-expiry'

/**
 * The portal session: an encrypted, httpOnly iron-session cookie (SPEC §9 name psoe_token) holding the
 * main-API token. No token ever reaches browser JavaScript. The token itself is verified by the main
 * API on every personal call; the session only carries it.
 */

export type SessionUser = Pick<User, 'vorname' | 'nachname' | 'email' | 'language'> & { admin: boolean }
export type PortalSession = {
  tenant?: string
  token?: string
  user?: SessionUser
  expiresAt?: number
  /** After a recommendation that waits for the opt-in: whom the confirmation mail went to. */
  optin?: { tenant: string; email: string }
  /** An agency's invitation the visitor followed: the recommend form starts with these details. */
  invitation?: InvitedPerson
  /**
   * Where a login by mailed link leads in this browser when the link itself names no target: the
   * return target of the login page it was asked for on (the share screen, say), until the link expires.
   */
  loginReturn?: { tenant: string; redirect: string; until: number }
  /**
   * The recipient this browser entered data for (SPEC §7.9 "stored recipient"): the marker, and after
   * the mailed confirmation the recipient's own token for consent and order.
   */
  recipient?: {
    tenant: string
    nummer: string
    /** The marker of the data this browser saved ('' when another browser saved them). */
    hex: string
    email: string
    token?: string
    empfaengernummer?: string
  }
}

/** How long a session cookie lives, in seconds. */
const SESSION_TTL_S = 8 * 60 * 60

function options(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: env().SESSION_SECRET,
    ttl: SESSION_TTL_S,
    // SameSite=None so the session also works when a host page embeds the portal in a cross-site iframe
    // (widget mode), Partitioned (CHIPS) so that cookie lives in a jar of that host site only and is no
    // cross-site tracking cookie. One shape everywhere: a second, mode-dependent shape of the same name
    // would exist beside it in the top-level jar. Cross-site writes are refused by the Origin check of
    // server actions and by X-Requested-With on the BFF routes, not by SameSite. SPEC §9.
    cookieOptions: { httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/' },
  }
}

export async function getSession() {
  return getIronSession<PortalSession>(await cookies(), options())
}

/** The session's login for this tenant, or null (another tenant's login does not count here). */
export async function sessionFor(tenant: string): Promise<{ token: string; user: SessionUser } | null> {
  // What getSession reads (the cookie's seal), through the seals kept as read.
  const seal = (await cookies()).get(SESSION_COOKIE)?.value
  return seal ? sealedLoginFor(seal, tenant) : null
}

/** Seals kept as read, at most; the oldest goes first. */
const KEPT_SEALS = 1_000
const keptSeals = new Map<string, { session: PortalSession; until: number }>()

/**
 * What a session cookie's seal holds, read as getSession reads it: an expired, foreign or broken seal
 * holds nothing. A seal read before is not decrypted again until the expiry written into it (iron's
 * PBKDF2 and AES took about 5 % of the server's thread under the personal area's reads, where every
 * view reads the same seal): the seal's text is what it holds, so only a seal of this secret that
 * opened is kept, and only as long as it would open.
 */
export async function readSeal(seal: string, now = Date.now()): Promise<PortalSession> {
  const kept = keptSeals.get(seal)
  if (kept && kept.until > now) return kept.session
  const session = await unsealData<PortalSession>(seal, {
    password: env().SESSION_SECRET,
    ttl: SESSION_TTL_S,
  }).catch(() => ({}) as PortalSession)
  // iron's seal: prefix*password id*salt*iv*data*expiry*salt*hmac, then ~version.
  const until = Number(seal.split('~')[0]!.split('*')[5])
  if (Object.keys(session).length > 0 && Number.isSafeInteger(until) && until > now) {
    keptSeals.delete(seal)
    keptSeals.set(seal, { session, until })
    if (keptSeals.size > KEPT_SEALS) keptSeals.delete(keptSeals.keys().next().value!)
  }
  return session
}

/**
 * The login for this tenant that a session cookie's value holds, read as getSession reads it (an
 * expired, foreign or broken seal holds none), for a check made before Next sees the request
 * (lib/portal/edge-login-check.ts).
 */
export async function sealedLoginFor(
  seal: string,
  tenant: string,
): Promise<{ token: string; user: SessionUser } | null> {
  return loginOf(await readSeal(seal), tenant)
}

function loginOf(session: PortalSession, tenant: string): { token: string; user: SessionUser } | null {
  if (session.tenant !== tenant || !session.token || !session.user) return null
  if (session.expiresAt && session.expiresAt <= Date.now()) return null
  return { token: session.token, user: { ...session.user } }
}

export async function startSession(tenant: string, user: User) {
  const session = await getSession()
  session.tenant = tenant
  session.token = user.token
  session.user = {
    vorname: user.vorname,
    nachname: user.nachname,
    email: user.email,
    language: user.language as Locale,
    admin: user.admin === true,
  }
  session.expiresAt = tokenExpiry(user.token)
  delete session.optin
  await session.save()
}

/** Remembers where a login link asked for now should lead once it is used in this browser. */
export async function rememberLoginReturn(tenant: string, redirect: string, lifetimeMs: number) {
  const session = await getSession()
  session.loginReturn = { tenant, redirect, until: Date.now() + lifetimeMs }
  await session.save()
}

/** The remembered return target of a login by link (once: it is forgotten as it is read). */
export async function takeLoginReturn(tenant: string): Promise<string | undefined> {
  const session = await getSession()
  const remembered = session.loginReturn
  if (!remembered) return undefined
  delete session.loginReturn
  await session.save()
  return remembered.tenant === tenant && remembered.until > Date.now() ? remembered.redirect : undefined
}

/** Remembers (only in the encrypted cookie) where the opt-in mail of a new recommendation went. */
export async function rememberOptin(tenant: string, email: string) {
  const session = await getSession()
  session.optin = { tenant, email }
  await session.save()
}

export async function pendingOptin(tenant: string): Promise<string | null> {
  const session = await getSession()
  return session.optin?.tenant === tenant ? session.optin.email : null
}

export type InvitedPerson = {
  tenant: string
  vorname: string
  nachname: string
  email: string
  agentur: string
}

/** Remembers (only in the encrypted cookie) whom an invitation was for, to fill in the recommend form. */
export async function rememberInvitation(invited: InvitedPerson) {
  const session = await getSession()
  session.invitation = invited
  await session.save()
}

export async function invitedPerson(tenant: string): Promise<InvitedPerson | null> {
  const session = await getSession()
  return session.invitation?.tenant === tenant ? session.invitation : null
}

export type StoredRecipient = NonNullable<PortalSession['recipient']>

export async function rememberRecipient(recipient: StoredRecipient) {
  const session = await getSession()
  session.recipient = recipient
  await session.save()
}

export async function storedRecipient(tenant: string): Promise<StoredRecipient | null> {
  const session = await getSession()
  return session.recipient?.tenant === tenant ? session.recipient : null
}

/** SPEC §7.9: a failed check or creation removes the stored recipient. */
export async function forgetRecipient() {
  const session = await getSession()
  delete session.recipient
  await session.save()
}

export async function endSession() {
  const session = await getSession()
  session.destroy()
}

/**
 * The Set-Cookie value with which endSession drops the session cookie, for an answer that is also made
 * outside a Next request (lib/portal/dashboard.ts): iron-session writes it as for Next's cookies.
 */
export async function endedSessionCookie(): Promise<string> {
  const answer = new Response(null)
  const session = await getIronSession<PortalSession>(
    new Request('http://portal.invalid/'),
    answer,
    options(),
  )
  session.destroy()
  return answer.headers.get('set-cookie') ?? ''
}
