// GET /api/v1/{tenant}/empfehlung/empfehlungscode/{code}?einsprungsquelle= — the recommendation of an
// offline code; wrong codes are throttled per client (captcha solution in the query)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { codeQuerySchema, landingSchema } from '@/lib/contracts/recipient'
import { resolveCode } from '@/lib/engine/recommendations/resolve-code'

const handler = apiHandler(
  {
    auth: 'public',
    query: codeQuerySchema,
    response: landingSchema,
    errors: ['EmpfehlungscodeUngueltig', 'CaptchaRequired', 'CaptchaWrong', 'ZuVieleAnfragen'],
  },
  async ({ tenant, params, query, ip }) => resolveCode(tenant, params.code ?? '', { ip, captcha: query }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
