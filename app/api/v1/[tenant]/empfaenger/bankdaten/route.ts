// POST /api/v1/{tenant}/empfaenger/bankdaten — the recipient's IBAN and account holder for a cash
// reward, with the recipient's own token; answered masked
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { bankDataRequestSchema, bankDataResponseSchema } from '@/lib/contracts/recipient'
import { saveRecipientBankData } from '@/lib/engine/recipients/recipient-bank-data'

const handler = apiHandler(
  {
    auth: ['recipient'],
    authError: 'BankdatenNichtAutorisiert',
    body: bankDataRequestSchema,
    response: bankDataResponseSchema,
    errors: ['IbanUngueltig', 'IbanNichtDeutsch'],
  },
  async ({ tenant, auth, body }) => saveRecipientBankData(tenant, auth, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
