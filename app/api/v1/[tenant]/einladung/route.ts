// PUT /api/v1/{tenant}/Einladung?{query} — without a body: does the next invitation need a captcha? With the
// SPEC §3 Agent invitation payload: invite a customer by mail (captcha solution in the query): from the agency
// area (view Einladungstool), or from the employee form where the tenant has ModuleCompanyRecommendation
import { z } from 'zod'
import {
  captchaCheckSchema,
  createRecommendationQuerySchema,
  type CaptchaCheck,
} from '@/lib/contracts/recommendation'
import { invitationRequestSchema, invitationSchema } from '@/lib/contracts/invitation'
import { apiHandler, MAX_BODY_BYTES, parseJson, parseOrThrow, readText } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { ApiError } from '@/lib/shared/errors'
import { getDb } from '@/lib/engine/db'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import { checkInvitationCaptcha, sendInvitation } from '@/lib/engine/agency/invitations/send-invitation'

const handler = apiHandler(
  {
    auth: 'public',
    agencyView: 'Einladungstool',
    publicModule: 'ModuleCompanyRecommendation',
    query: createRecommendationQuerySchema,
    // Without a body: the captcha check; with one, the invitation (SPEC §7.1).
    ownBody: invitationRequestSchema,
    response: z.union([invitationSchema, captchaCheckSchema]),
    errors: [
      'CaptchaRequired',
      'CaptchaWrong',
      'ZuVieleAnfragen',
      'MitarbeiternummerUnbekannt',
      'EinladungExists',
      'EinladungAbgemeldet',
      'KontoGesperrtWildcard',
      'EmailNotAllowed',
      'NichtGefunden',
    ],
  },
  async ({ request, tenant, locale, agency, query, ip }) => {
    // Only a request without any body is the captcha check; `{}` is a payload lacking its fields.
    const text = await readText(request, MAX_BODY_BYTES)
    if (!text.trim()) {
      const decision = await checkInvitationCaptcha(tenant, { ip })
      if (decision === 'refuse') throw new ApiError('ZuVieleAnfragen')
      if (decision === 'ok') return { CaptchaRequired: false } satisfies CaptchaCheck
      const { answer: _answer, ...captcha } = await createCaptcha(await getDb(), tenant.slug)
      void _answer
      return { CaptchaRequired: true, Captcha: captcha } satisfies CaptchaCheck
    }
    const body = parseOrThrow(invitationRequestSchema, parseJson(text))
    const sender = agency ? { agencyUser: agency } : { employeeForm: true as const }
    return sendInvitation(tenant, sender, body, { locale, ip, captcha: query })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
