// GET /api/agency-session/{tenant} — whether the browser's agency session still stands (BFF, never the token)
import { verifyAgencyToken } from '@/lib/portal/main-api/agency'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { agencySessionFor, endAgencySession, getAgencySession } from '@/lib/portal/agency-session'
import { href, parseTenantParam } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * Asked by the agency area every 60 s and when the token runs out (SPEC §4), and by an agency screen
 * whose call the main API refused with PSOF0204 (§7.9, `?weiter`): the token is checked with the main
 * API (token/verifyAgenturToken); an expired or refused one drops the agency session here, and the area
 * shows the sign-in without a page reload. Only a dead session is dropped, so no other page can end a
 * live one through this address.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const ctx = parseTenantParam((await params).tenant)
  const onward = new URL(request.url).searchParams.has('weiter')
  const active = ctx ? await stillActive(ctx) : false
  if (onward && ctx) {
    // Still valid here though a screen's call was refused: the area shows the general error once.
    const location = href(ctx, 'AgencyArea', undefined, { fehler: active ? 'Default' : 'PSOF0204' })
    return new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } })
  }
  return Response.json({ active }, { headers: NO_STORE })
}

async function stillActive(ctx: NonNullable<ReturnType<typeof parseTenantParam>>): Promise<boolean> {
  const session = await agencySessionFor(ctx.tenant)
  if (!session) {
    const stored = await getAgencySession()
    if (stored.tenant === ctx.tenant && stored.token) await endAgencySession()
    return false
  }
  try {
    await verifyAgencyToken(apiContext(ctx), session.token)
    return true
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    await endAgencySession()
    return false
  }
}
