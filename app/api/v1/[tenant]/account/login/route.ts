// POST /api/v1/{tenant}/account/login — log a referrer in with e-mail and password
// GET  /api/v1/{tenant}/account/login/?token= — log in once with the link from a mail
import { apiHandler } from '@/lib/engine/http/api-handler'
import { loginLinkQuerySchema, loginRequestSchema, userSchema } from '@/lib/contracts/account'
import { login } from '@/lib/engine/referrers/login'
import { loginByToken } from '@/lib/engine/referrers/login-by-link'
import { apiRoute } from '@/lib/engine/http/api-route'

const LOCKED = ['KontoGesperrt', 'KontoGesperrtEinzel', 'KontoGesperrtWildcard'] as const
const LOGIN_ERRORS = [
  'PasswortOderEmailFalsch',
  ...LOCKED,
  'ZuVieleAnfragen',
  'CaptchaRequired',
  'CaptchaWrong',
] as const
const LINK_ERRORS = ['Abgelaufen', 'TokenBereitsVerwendet', ...LOCKED] as const

const post = apiHandler(
  { auth: 'public', body: loginRequestSchema, response: userSchema, errors: LOGIN_ERRORS },
  async ({ tenant, body, ip }) => login(tenant, body, { ip }),
)

const get = apiHandler(
  { auth: 'public', query: loginLinkQuerySchema, response: userSchema, errors: LINK_ERRORS },
  async ({ tenant, query }) => loginByToken(tenant, query.token, 'link'),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, POST: post })
