// GET /api/v1/{tenant}/route/default — the route table with logical names, paths and flags
import { apiHandler } from '@/lib/engine/http/api-handler'
import { ROUTES } from '@/lib/routes/table'
import type { RouteTablePayload } from '@/lib/contracts/routes'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const GET = apiHandler({ auth: 'public' }, async (): Promise<RouteTablePayload> => ({
  Routes: ROUTES.map((r) => ({
    Name: r.name,
    Aliases: [...(r.aliases ?? [])],
    Path: r.path,
    RequiresLogin: r.requiresLogin,
    DisabledUnderAutologin: r.disabledUnderAutologin,
    ForcedLoginWhitelist: r.forcedLoginWhitelist,
    RedirectTo: r.redirectTo ?? null,
  })),
}))

export {
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
