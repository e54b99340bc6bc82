// GET /api/v1/{tenant}/route/default — the tenant's route table with logical names, paths and flags (a module's screens only with the module, a screen a setting switches off not at all)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { routesOf } from '@/lib/routes/table'
import { routeTableSchema, type RouteTablePayload } from '@/lib/contracts/routes'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', response: routeTableSchema },
  async ({ tenant }): Promise<RouteTablePayload> => ({
    Routes: routesOf(tenant.settings).map((r) => ({
      Name: r.name,
      Aliases: [...(r.aliases ?? [])],
      Path: r.path,
      RequiresLogin: r.requiresLogin,
      DisabledUnderAutologin: r.disabledUnderAutologin,
      ForcedLoginWhitelist: r.forcedLoginWhitelist,
      RedirectTo: r.redirectTo ?? null,
    })),
  }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
