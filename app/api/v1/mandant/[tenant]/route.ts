// GET /api/v1/mandant/{tenant} — the tenant's public configuration (never a secret)
// PUT /api/v1/mandant/{tenant} — operator: create the tenant or replace its settings
import {
  errorResponse,
  apiHandler,
  parseOrThrow,
  readJson,
  requireOperator,
} from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { declareHandler } from '@/lib/engine/http/declared-handler'
import { tenantPutSchema } from '@/lib/contracts/operator'
import { putTenant } from '@/lib/engine/tenants/put-tenant'
import { ssoRedirectUri } from '@/lib/engine/agency/sso-provider'
import { localeFromHeader } from '@/lib/i18n/config'
import { tenantSettingsSchema, toPublicConfig, publicTenantConfigSchema } from '@/lib/shared/tenants/settings'

// The single sign-on return address as the provider knows it, so the portal sends exactly that one.
const get = apiHandler({ auth: 'public', response: publicTenantConfigSchema }, async ({ tenant }) =>
  toPublicConfig(tenant.slug, {
    ...tenant.settings,
    Sso: { ...tenant.settings.Sso, RedirectUri: ssoRedirectUri(tenant) },
  }),
)

// Not through apiHandler: that one answers MandantUnbekannt for a tenant that does not exist yet.
async function put(
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) {
  try {
    requireOperator(request)
    const { tenant } = await context.params
    const settings = parseOrThrow(tenantSettingsSchema, await readJson(request))
    return Response.json(await putTenant(String(tenant ?? ''), settings), {
      headers: { 'Cache-Control': 'no-store' },
    })
  } catch (error) {
    return errorResponse(error, localeFromHeader(request.headers.get('x-accept-language')))
  }
}

const declaredPut = declareHandler(put, {
  auth: 'operator',
  body: tenantSettingsSchema,
  response: tenantPutSchema,
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, PUT: declaredPut })
