// PUT /api/v1/{tenant}/Einladung/abmelden {t} — the invited person wants no further invitations
import { z } from 'zod'
import { invitationUnsubscribeSchema } from '@/lib/contracts/invitation'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { unsubscribeInvitation } from '@/lib/engine/agency/invitations/invitation-data'

const put = apiHandler(
  {
    auth: 'public',
    body: invitationUnsubscribeSchema,
    response: z.object({ Abgemeldet: z.literal(true) }),
    errors: ['EinladungUngueltig'],
  },
  async ({ tenant, body }) => {
    await unsubscribeInvitation(tenant, body.t)
    return { Abgemeldet: true as const }
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put })
