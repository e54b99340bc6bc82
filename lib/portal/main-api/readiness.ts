import 'server-only'
import type { Readiness } from '@/lib/shared/lifecycle'

const TIMEOUT_MS = 2_000

/**
 * Whether a portal with an external main API (MAIN_API_URL) can serve (GET /readyz): the main API
 * answers at its address within TIMEOUT_MS. Any HTTP answer below 500 counts (an external main API need
 * not have a page at its base address); no answer, or a server error, does not.
 */
export async function mainApiReadiness(base: string): Promise<Readiness> {
  try {
    const response = await fetch(base, { signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' })
    await response.body?.cancel()
    const ok = response.status < 500
    return { ready: ok, checks: { mainApi: ok ? 'ok' : `answer ${response.status}` } }
  } catch {
    return { ready: false, checks: { mainApi: 'unreachable' } }
  }
}
