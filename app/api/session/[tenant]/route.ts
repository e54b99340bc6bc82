// GET /api/session/{tenant} — the browser's login state for cached pages (BFF, never the token)
import { getUser } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { endSession, getSession, sessionFor } from '@/lib/portal/session'
import { parseTenantParam } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * Read on every navigation and every 60 s (SPEC §4). The token is checked with the main API: an
 * expired token, or one the main API refuses (PSOF0204 after logout elsewhere, a lock, a deletion or
 * a password change), drops the session cookie here, and the page learns it is logged out (§7.9).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const parsed = parseTenantParam((await params).tenant)
  const session = parsed ? await sessionFor(parsed.tenant) : null
  if (!parsed || !session) {
    const stored = await getSession()
    // A session of this tenant that has expired is dropped; another tenant's login stays.
    if (parsed && stored.tenant === parsed.tenant && stored.token) await endSession()
    return Response.json({ loggedIn: false }, { headers: NO_STORE })
  }
  try {
    await getUser(apiContext(parsed, session))
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    await endSession()
    return Response.json({ loggedIn: false }, { headers: NO_STORE })
  }
  const body = {
    loggedIn: true,
    vorname: session.user.vorname,
    nachname: session.user.nachname,
    admin: session.user.admin,
  }
  return Response.json(body, { headers: NO_STORE })
}
