import 'server-only'
import {
  contactAcceptedSchema,
  contactCaptchaCheckSchema,
  contactRequestSchema,
  type ContactRequestInput,
} from '@/lib/contracts/contact'
import type { ApiContext } from './context'
import { read, send, requestBody } from './request'

/** The contact form. The engine counts requests per IP: both calls send the context's IP. */

/** GET /kontakt?cmd=IsCaptchaRequired (§7.6): whether this browser's next request needs a captcha. */
export function checkContactCaptcha(ctx: ApiContext) {
  return read(ctx, {
    path: '/kontakt?cmd=IsCaptchaRequired',
    clientIp: ctx.clientIp,
    schema: contactCaptchaCheckSchema,
  })
}

/** POST /kontakt (beside §7.6): a contact request; the context's token (if any) names its sender. */
export function sendContactRequest(ctx: ApiContext, input: ContactRequestInput) {
  return send(ctx, {
    path: '/kontakt',
    method: 'POST',
    body: requestBody(contactRequestSchema, input),
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: contactAcceptedSchema,
  })
}
