'use client'

import { useEffect } from 'react'
import { useRouter } from 'next/navigation'

type Props = {
  /** /api/agency-session/{tenant} */
  statusUrl: string
  /** Where an ended session leads: the agency sign-in saying the session has ended. */
  endedHref: string
  /** When the agency token runs out (ms since the epoch). */
  expiresAt: number
  intervalSeconds: number
}

/**
 * SPEC §4: the agency session is checked every `intervalSeconds`, when its token runs out and when the
 * window gets the focus again; once the main API no longer accepts it, the session is dropped (by the
 * status route) and the area's sign-in says so, reached without a page reload.
 */
export function AgencySessionWatch({ statusUrl, endedHref, expiresAt, intervalSeconds }: Props) {
  const router = useRouter()
  useEffect(() => {
    let stopped = false
    async function check() {
      const response = await fetch(statusUrl, { cache: 'no-store', credentials: 'same-origin' }).catch(
        () => null,
      )
      // A network failure is no verdict: the next round asks again.
      if (!response) return
      const state = (await response.json().catch(() => ({}))) as { active?: unknown }
      if (state.active !== true && !stopped) router.replace(endedHref)
    }
    const interval = setInterval(check, intervalSeconds * 1000)
    // Back at the tab after a while (another tab may have logged out): asked at once.
    window.addEventListener('focus', check)
    const untilExpiry = expiresAt - Date.now() + 1000
    const atExpiry = untilExpiry < 2 ** 31 ? setTimeout(check, Math.max(0, untilExpiry)) : undefined
    return () => {
      stopped = true
      clearInterval(interval)
      window.removeEventListener('focus', check)
      clearTimeout(atExpiry)
    }
  }, [statusUrl, endedHref, expiresAt, intervalSeconds, router])
  return null
}
