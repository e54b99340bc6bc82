// GET, PUT, DELETE /api/v1/{tenant}/empfehler/bankdaten/ — the logged-in referrer's bank account for
// cash rewards (ModuleStoringBankdata): read masked, store or replace, remove
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { bankDataRequestSchema, referrerBankDataSchema } from '@/lib/contracts/bank-data'
import {
  deleteReferrerBankData,
  getReferrerBankData,
  saveReferrerBankData,
} from '@/lib/engine/referrers/referrer-bank-data'

const get = apiHandler(
  { auth: ['referrer'], response: referrerBankDataSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth }) => getReferrerBankData(tenant, auth!),
)

const put = apiHandler(
  {
    auth: ['referrer'],
    body: bankDataRequestSchema,
    response: referrerBankDataSchema,
    errors: ['NichtGefunden', 'IbanUngueltig', 'IbanNichtDeutsch'],
  },
  async ({ tenant, auth, body }) => saveReferrerBankData(tenant, auth!, body),
)

const remove = apiHandler(
  { auth: ['referrer'], response: referrerBankDataSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth }) => deleteReferrerBankData(tenant, auth!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, PUT: put, DELETE: remove })
