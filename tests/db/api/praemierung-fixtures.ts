import { z } from 'zod'
import { orderResultSchema } from '@/lib/contracts/praemierung'
import { call, type CallOptions } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import {
  backdate,
  confirmedFriend,
  daysAgo,
  orderNumber,
  reportOrders,
  type Friend,
} from '../support/rewards'
import { TEST_OPERATOR_API_KEY } from '../support/test-server'

// Orders, rewards and payouts over HTTP (SPEC §7.3, §7.4, §7.5): the provider's order reports with its
// key, the reward calls with the referrer's token and the reward link's own token, the operator's
// voucher import and SEPA export.

export const results = z.object({ Ergebnisse: z.array(orderResultSchema) })
export const IBAN = 'DE89370400440532013000'

/** A call with the test server's operator key. */
export const operatorApi = (path: string, options: CallOptions = {}) =>
  call(path, { ...options, token: TEST_OPERATOR_API_KEY })

export let shared: Shared
export let friend: Friend
export let providerKey: string

/** A shared recommendation 40 days old with a confirmed friend, and its order 35 days ago, completed. */
export async function orderedLongAgo(anteil: 100 | 50 | 0 = 50) {
  const rec = await sharedRecommendation('praemie', { anteil })
  const who = await confirmedFriend(rec)
  await backdate('demo', rec.nr, 40)
  const no = orderNumber()
  const answer = await reportOrders('demo', [
    {
      Auftragsnummer: no,
      Empfaengernummer: who.empfaengernummer,
      ProduktId: 462,
      Auftragsdatum: daysAgo(35),
      Status: 'Gezahlt',
    },
  ])
  expect(results.parse(answer.json).Ergebnisse[0]).toMatchObject({ Ergebnis: 'Angelegt', Status: 'Gezahlt' })
  return { rec, who, no }
}

beforeAll(async () => {
  shared = await sharedRecommendation('auftrag')
  friend = await confirmedFriend(shared)
  const created = await operatorApi('/api/v1/demo/operator/anbieterschluessel', {
    method: 'POST',
    body: { Bezeichnung: 'Jest Auftragsimport' },
  })
  expect(created.status).toBe(200)
  providerKey = z.object({ Schluessel: z.string().startsWith('pk_') }).parse(created.json).Schluessel
})

afterAll(releaseRegisteredAccounts)
