// GET /api/v1/{tenant}/route/default — the route table with logical names, paths and flags
import { apiHandler } from '@/lib/engine/http/api-handler'
import { ROUTES } from '@/lib/routes/table'
import { routeTableSchema, type RouteTablePayload } from '@/lib/contracts/routes'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', response: routeTableSchema },
  async (): Promise<RouteTablePayload> => ({
    Routes: ROUTES.map((r) => ({
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
