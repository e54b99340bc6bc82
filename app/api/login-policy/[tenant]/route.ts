// GET /api/login-policy/{tenant} — BFF for the production server's edge step (lib/edge/forced-login.mjs):
// whether the tenant forces login (ModuleErzwingeLogin) and which route paths are then closed without one
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { forcedLoginPaths } from '@/lib/routes/forced-login'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Public knowledge only (the tenant's public configuration and the route table). Read fresh from the
 * main API, not from the pages' cache, so a changed setting reaches every server with the edge step's
 * own short cache (it asks again after 30 s).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const { tenant } = await params
  const config = isValidTenantSlug(tenant) ? await getTenantConfig({ tenant }) : null
  if (!config) return Response.json({ Code: 'MandantUnbekannt' }, { status: 404, headers: NO_STORE })
  const { ModuleErzwingeLogin, IsAutologin } = config.Settings
  return Response.json(
    {
      ErzwingeLogin: ModuleErzwingeLogin,
      Autologin: IsAutologin,
      Pfade: forcedLoginPaths({ ModuleErzwingeLogin, IsAutologin }),
    },
    { headers: NO_STORE },
  )
}
