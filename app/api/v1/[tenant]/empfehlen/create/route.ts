// POST /api/v1/{tenant}/Empfehlen/create?{query} — without a body: does the next recommendation need a
// captcha? With the SPEC §3 payload: create the recommendation (captcha solution in the query).
import { apiHandler, MAX_BODY_BYTES, parseJson, parseOrThrow, readText } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  createRecommendationQuerySchema,
  createRecommendationRequestSchema,
  type CaptchaCheck,
  recommendationSchema,
  captchaCheckSchema,
} from '@/lib/contracts/recommendation'
import { ApiError } from '@/lib/shared/errors'
import { getDb } from '@/lib/engine/db'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import {
  checkRecommendationCaptcha,
  createRecommendation,
} from '@/lib/engine/recommendations/create-recommendation'
import { z } from 'zod'

const CREATE_RECOMMENDATION_ERRORS = [
  'CaptchaRequired',
  'CaptchaWrong',
  'ZuVieleAnfragen',
  'AcceptAgb',
  'KontoGesperrtWildcard',
  'EmailNotAllowed',
  'EmailEmpfehlerGleichEmpfaenger',
  'OptInRequired',
  'EmpfehlungExists',
  'EmpfehlungExistsAndOptInRequired',
] as const

const handler = apiHandler(
  {
    auth: 'public',
    query: createRecommendationQuerySchema,
    // Without a body: the captcha check; with one, the recommendation (SPEC §7.1).
    ownBody: createRecommendationRequestSchema,
    response: z.union([recommendationSchema, captchaCheckSchema]),
    errors: CREATE_RECOMMENDATION_ERRORS,
  },
  async ({ request, tenant, locale, auth, query, ip }) => {
    // Only a request without any body is the captcha check; `{}` is a payload lacking its fields.
    const text = await readText(request, MAX_BODY_BYTES)
    if (!text.trim()) {
      const decision = await checkRecommendationCaptcha(tenant, { auth, ip })
      if (decision === 'refuse') throw new ApiError('ZuVieleAnfragen')
      if (decision === 'ok') return { CaptchaRequired: false } satisfies CaptchaCheck
      const { answer: _answer, ...captcha } = await createCaptcha(await getDb(), tenant.slug)
      void _answer
      return { CaptchaRequired: true, Captcha: captcha } satisfies CaptchaCheck
    }
    const body = parseOrThrow(createRecommendationRequestSchema, parseJson(text))
    return createRecommendation(tenant, body, { locale, auth, ip, captcha: query })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
