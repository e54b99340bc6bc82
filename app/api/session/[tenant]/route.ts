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
 * The answer also carries what the pages kept for every visitor fill in for this one: a logged-in
 * referrer's account as the main API has it now (the recommend form shows and locks name and e-mail; my
 * data shows the account, the newsletter state and the language), or the details of an agency's
 * invitation this browser followed (the recommend form starts with them).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const parsed = parseTenantParam((await params).tenant)
  const session = parsed ? await sessionFor(parsed.tenant) : null
  if (!parsed || !session) {
    const stored = await getSession()
    // A session of this tenant that has expired is dropped; another tenant's login stays.
    if (parsed && stored.tenant === parsed.tenant && stored.token) await endSession()
    const invitation = parsed && stored.invitation?.tenant === parsed.tenant ? stored.invitation : null
    const invited = invitation && {
      vorname: invitation.vorname,
      nachname: invitation.nachname,
      email: invitation.email,
      agentur: invitation.agentur,
    }
    return Response.json({ loggedIn: false, ...(invited ? { invited } : {}) }, { headers: NO_STORE })
  }
  let account
  try {
    account = await getUser(apiContext(parsed, session))
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    await endSession()
    return Response.json({ loggedIn: false }, { headers: NO_STORE })
  }
  const body = {
    loggedIn: true,
    anrede: account.anrede,
    vorname: account.vorname,
    nachname: account.nachname,
    email: account.email,
    language: account.language,
    newsletter: account.newsletterpermission,
    newsletterRequestedAt: account.newsletterpermissionversendetam,
    admin: session.user.admin,
  }
  return Response.json(body, { headers: NO_STORE })
}
