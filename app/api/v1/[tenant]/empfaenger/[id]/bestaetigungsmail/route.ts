// POST /api/v1/{tenant}/empfaenger/{hex}/bestaetigungsmail {Email?} — the recipient's confirmation mail again, optionally to a corrected address
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  resendRecipientConfirmationSchema,
  resentRecipientConfirmationSchema,
} from '@/lib/contracts/recipient'
import {
  resendRecipientConfirmation,
  RESEND_RECIPIENT_CONFIRMATION_ERRORS,
} from '@/lib/engine/recipients/resend-confirmation'

const handler = apiHandler(
  {
    auth: 'public',
    body: resendRecipientConfirmationSchema,
    response: resentRecipientConfirmationSchema,
    errors: RESEND_RECIPIENT_CONFIRMATION_ERRORS,
  },
  async ({ tenant, locale, params, body }) => {
    const { hex } = parseOrThrow(z.object({ hex: z.string().regex(/^[0-9a-f]{32}$/) }), { hex: params.id })
    return resendRecipientConfirmation(tenant, hex, { email: body.Email, locale })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
