import 'server-only'
import type { AuthContext } from '@/lib/portal/main-api/context'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError, type MainApiFile } from '@/lib/portal/main-api/client'
import { agencySessionFor, endAgencySession } from '@/lib/portal/agency-session'
import { href, parseTenantParam } from '@/lib/routes/href'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * A download of the agency area through the portal (BFF: the token stays in the cookie). The main API
 * decides whether the agency user's role may read it; without a session, or once the token is refused
 * (SPEC §7.9), the browser is sent to the agency sign-in, with the reason.
 */
export async function agencyDownload(
  tenantParam: string,
  fetchFile: (api: AuthContext) => Promise<MainApiFile> | null,
): Promise<Response> {
  const ctx = parseTenantParam(tenantParam)
  if (!ctx) return notFound()
  const signIn = (fehler?: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: href(ctx, 'AgencyArea', undefined, fehler ? { fehler } : undefined), ...NO_STORE },
    })
  const session = await agencySessionFor(ctx.tenant)
  if (!session) return signIn()
  try {
    const pending = fetchFile(apiContext(ctx, session))
    if (!pending) return notFound()
    const file = await pending
    return new Response(file.body, {
      headers: { 'Content-Type': file.contentType, 'Content-Disposition': file.disposition, ...NO_STORE },
    })
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code === 'PSOF0204') await endAgencySession()
    if (error.code === 'NichtGefunden') return notFound()
    return signIn(error.code)
  }
}

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: NO_STORE })
}
