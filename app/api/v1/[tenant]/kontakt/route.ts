// GET /api/v1/{tenant}/kontakt?cmd=IsCaptchaRequired — does the next contact request need a captcha?
// POST /api/v1/{tenant}/kontakt — send a contact request (mail to support, receipt to the sender).
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { ApiError } from '@/lib/shared/errors'
import {
  contactQuerySchema,
  contactRequestSchema,
  type ContactAccepted,
  contactCaptchaCheckSchema,
  contactAcceptedSchema,
} from '@/lib/contracts/contact'
import type { CaptchaCheck } from '@/lib/contracts/recommendation'
import { checkContactCaptcha } from '@/lib/engine/contact/check-contact-captcha'
import { submitContactRequest } from '@/lib/engine/contact/submit-contact-request'

const check = apiHandler(
  {
    auth: 'public',
    query: contactQuerySchema,
    response: contactCaptchaCheckSchema,
    errors: ['ZuVieleAnfragen'],
  },
  async ({ tenant, ip }): Promise<CaptchaCheck> => {
    const decision = await checkContactCaptcha(tenant, { ip })
    if (decision === 'refuse') throw new ApiError('ZuVieleAnfragen')
    // A GET changes nothing: the picture comes from POST /captcha when one is required.
    return { CaptchaRequired: decision === 'captcha' }
  },
)

const submit = apiHandler(
  {
    auth: 'public',
    body: contactRequestSchema,
    response: contactAcceptedSchema,
    errors: ['ZuVieleAnfragen', 'CaptchaRequired', 'CaptchaWrong'],
  },
  async ({ tenant, locale, auth, body, ip }): Promise<ContactAccepted> =>
    submitContactRequest(tenant, body, { locale, auth, ip }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: check, POST: submit })
