// POST /api/internal/tenant-change — a tenant change another server announced, applied on this one (only from this process)
import { bearsInternalToken } from '@/lib/shared/internal-call'
import { announceTenantChange, remoteTenantChange } from '@/lib/shared/tenant-changes'

export const dynamic = 'force-dynamic'

const NOT_FOUND = () => new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } })

/**
 * The change bus (lib/engine/tenant-change-bus.ts) hears on PostgreSQL that another server changed a
 * tenant's settings or content, and asks this server, from within the process, to renew its copies:
 * here, inside a request, where Next's cache can be renewed (the listeners of
 * lib/shared/tenant-changes.ts: the portal's cache tags, the edge's kept pages, the engine's kept reads).
 * Bearing this process's own secret (lib/shared/internal-call.ts), else it does not exist.
 */
export async function POST(request: Request) {
  if (!bearsInternalToken(request.headers.get('authorization'))) return NOT_FOUND()
  const change = remoteTenantChange(await request.json().catch(() => null))
  if (!change) return new Response(null, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  announceTenantChange(change)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
