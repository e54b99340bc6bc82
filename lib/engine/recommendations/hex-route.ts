import 'server-only'
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { landingSchema } from '@/lib/contracts/recipient'
import { getLandingByHex } from './landing'

const paramsSchema = z.object({ nr: recommendationNumberSchema, hex: z.string().regex(/^[0-9a-f]{32}$/) })

/** The two hex routes of SPEC §7.5: the same lookup, with or without the state check. */
export function hexRouteHandler(options: { any: boolean }) {
  const errors = options.any
    ? (['NichtGefunden'] as const)
    : (['NichtGefunden', 'EmpfehlungAbgelaufen', 'EmpfehlungGesperrt'] as const)
  return apiHandler({ auth: 'public', response: landingSchema, errors }, async ({ tenant, params }) => {
    const { nr, hex } = parseOrThrow(paramsSchema, { nr: params.nr, hex: params.hex })
    return getLandingByHex(tenant, nr, hex, options)
  })
}
