'use client'

import { usePathname } from 'next/navigation'
import useSWR from 'swr'
import { z } from 'zod'

export const sessionStateSchema = z.object({
  loggedIn: z.boolean(),
  vorname: z.string().optional(),
  nachname: z.string().optional(),
  admin: z.boolean().optional(),
})
export type SessionState = z.infer<typeof sessionStateSchema>

async function fetchSession([url]: [string, string]): Promise<SessionState> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' })
  if (!response.ok) return { loggedIn: false }
  return sessionStateSchema.parse(await response.json())
}

/**
 * One SWR hook for the session resource: read again on every navigation (login and logout are
 * navigations) and every 60 s (SPEC §4 token check).
 */
export function useSession(url: string) {
  const pathname = usePathname()
  return useSWR([url, pathname] as [string, string], fetchSession, {
    refreshInterval: 60_000,
    revalidateOnFocus: true,
    keepPreviousData: true,
  })
}
