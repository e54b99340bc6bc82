// GET /api/session/{tenant} — the browser's login state for cached pages (BFF, never the token)
import { sessionFor } from '@/lib/session'
import { parseTenantParam } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'

export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const parsed = parseTenantParam((await params).tenant)
  const session = parsed ? await sessionFor(parsed.tenant) : null
  const body = session
    ? {
        loggedIn: true,
        vorname: session.user.vorname,
        nachname: session.user.nachname,
        admin: session.user.admin,
      }
    : { loggedIn: false }
  return Response.json(body, { headers: { 'Cache-Control': 'private, no-store' } })
}
