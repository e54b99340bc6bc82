'use client'

import { usePathname } from 'next/navigation'
import useSWR from 'swr'

/** The details of an agency's invitation this browser followed (the recommend form starts with them). */
export type InvitedState = { vorname: string; nachname: string; email: string; agentur: string }

/** The answer of /api/session/{tenant} (app/api/session/[tenant]/route.ts). */
export type SessionState = {
  loggedIn: boolean
  anrede?: string
  vorname?: string
  nachname?: string
  email?: string
  language?: string
  /** The newsletter: subscribed (true), and when a confirmation mail was sent (ISO time or null). */
  newsletter?: boolean
  newsletterRequestedAt?: string | null
  admin?: boolean
  invited?: InvitedState
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function asInvited(value: unknown): InvitedState | undefined {
  if (!value || typeof value !== 'object') return undefined
  const { vorname, nachname, email, agentur } = value as Record<string, unknown>
  return { vorname: text(vorname), nachname: text(nachname), email: text(email), agentur: text(agentur) }
}

// Checked by hand: zod would add more to every page's JavaScript than this whole hook.
function asSessionState(json: unknown): SessionState {
  if (!json || typeof json !== 'object') return { loggedIn: false }
  const answer = json as Record<string, unknown>
  if (answer.loggedIn !== true) {
    const invitation = asInvited(answer.invited)
    return invitation ? { loggedIn: false, invited: invitation } : { loggedIn: false }
  }
  const requested = answer.newsletterRequestedAt
  return {
    loggedIn: true,
    anrede: text(answer.anrede),
    vorname: text(answer.vorname),
    nachname: text(answer.nachname),
    email: text(answer.email),
    language: text(answer.language),
    newsletter: answer.newsletter === true,
    newsletterRequestedAt: typeof requested === 'string' ? requested : null,
    admin: answer.admin === true,
  }
}

async function fetchSession([url]: [string, string]): Promise<SessionState> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' })
  if (!response.ok) return { loggedIn: false }
  return asSessionState(await response.json())
}

/**
 * One SWR hook for the session resource: read again on every navigation (login and logout are
 * navigations); not read at all with url null. `checkIntervalSeconds` (SPEC §4 token check, tenant
 * setting Limits.TokenCheckIntervalSeconds) reads it again on a timer: the one watcher that drops an
 * ended session passes it, every other reader shares that answer.
 */
export function useSession(url: string | null, checkIntervalSeconds?: number) {
  const pathname = usePathname()
  return useSWR(url === null ? null : ([url, pathname] as [string, string]), fetchSession, {
    refreshInterval: checkIntervalSeconds ? checkIntervalSeconds * 1000 : 0,
    revalidateOnFocus: true,
    keepPreviousData: true,
  })
}

/**
 * The logged-in account of the session resource, for the pages kept for every logged-in visitor that
 * fill in the visitor's own parts in the browser; `ended` when the login is gone, so the page can lead to
 * login. Only this page's answer counts for that: meanwhile the data may be the previous page's (login's).
 */
export function useAccount(sessionUrl: string): { account: SessionState | null; ended: boolean } {
  const { data, isLoading } = useSession(sessionUrl)
  return {
    account: data?.loggedIn ? data : null,
    ended: !isLoading && data !== undefined && !data.loggedIn,
  }
}
