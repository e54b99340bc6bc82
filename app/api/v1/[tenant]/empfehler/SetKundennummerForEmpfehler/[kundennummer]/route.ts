// PUT /api/v1/{tenant}/empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true — store the referrer's customer number
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  kundennummerSchema,
  setCustomerNumberQuerySchema,
  type CustomerNumberResult,
  customerNumberResultSchema,
} from '@/lib/contracts/customer-number'
import { setCustomerNumber } from '@/lib/engine/customer-numbers/set-customer-number'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { assertCreditOffered } from '@/lib/engine/customer-numbers/stored-customer-number'

const handler = apiHandler(
  { auth: ['referrer'], response: customerNumberResultSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth, params, request }): Promise<CustomerNumberResult> => {
    // Who asks and whether the tenant credits at all come first: a tenant without credit answers
    // NichtGefunden whatever the input, a foreign or ended session PSOF0204.
    await getReferrerForSession(tenant.slug, auth!)
    assertCreditOffered(tenant)
    parseOrThrow(setCustomerNumberQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    const { Kundennummer } = parseOrThrow(z.object({ Kundennummer: kundennummerSchema }), {
      Kundennummer: params.kundennummer,
    })
    return setCustomerNumber(tenant, auth!, Kundennummer)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
