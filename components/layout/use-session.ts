'use client'

import { usePathname } from 'next/navigation'
import useSWR from 'swr'

/** The answer of /api/session/{tenant} (app/api/session/[tenant]/route.ts). */
export type SessionState = { loggedIn: boolean; vorname?: string; nachname?: string; admin?: boolean }

// Checked by hand: zod would add more to every page's JavaScript than this whole hook.
function asSessionState(json: unknown): SessionState {
  if (!json || typeof json !== 'object') return { loggedIn: false }
  const { loggedIn, vorname, nachname, admin } = json as Record<string, unknown>
  if (loggedIn !== true) return { loggedIn: false }
  return {
    loggedIn: true,
    vorname: typeof vorname === 'string' ? vorname : '',
    nachname: typeof nachname === 'string' ? nachname : '',
    admin: admin === true,
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
