import { rewardReportSchema } from '@/lib/contracts/agency'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import { confirmedFriend, orderLongAgo } from '../support/rewards'

// Praemien (SPEC §6; issue 17): PUT agentur/praemien/liste and …/csv — the rewards of the agency's
// recommendations with their states, for every role; never another agency's.

const LIST = '/api/v1/demo/agentur/praemien/liste'
const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}
const list = async (body: unknown, who: keyof typeof AGENCY_LOGINS = 'employee') =>
  call(LIST, { method: 'PUT', token: await tokenOf(who), body })

afterAll(releaseRegisteredAccounts)

describe('the rewards report (agentur/praemien)', () => {
  let shared: Shared

  beforeAll(async () => {
    // 50:50 between referrer and friend: two rewards, waiting for the agency's release.
    shared = await sharedRecommendation('praemien-bericht', {
      agentNumber: 'SV-1004',
      produkt: 462,
      anteil: 50,
    })
    await orderLongAgo(shared, await confirmedFriend(shared))
  })

  it.each(['owner', 'inactiveOwner', 'employee'] as const)(
    "shows the %s the rewards of the agency's recommendation with amount and state",
    async (who) => {
      const answer = await list({ Filter: { Suche: shared.nr } }, who)
      expect(answer.status).toBe(200)
      const page = rewardReportSchema.parse(answer.json)
      expect(page.TotalCount).toBe(2)
      expect(page.Content.map((row) => row.Beguenstigter).sort()).toEqual(['Empfaenger', 'Empfehler'])
      expect(page.Content.every((row) => row.Status === 'Offen' && row.Agentennummer === 'SV-1004')).toBe(
        true,
      )
      expect(page.Content.every((row) => row.Empfehlungsnummer === shared.nr && row.WertCent > 0)).toBe(true)
    },
  )

  it('filters by state, sorts by a named key and refuses any other', async () => {
    const ready = rewardReportSchema.parse(
      (await list({ Filter: { Suche: shared.nr, Status: 'Bereitgestellt' } })).json,
    )
    expect(ready.TotalCount).toBe(0)
    const byValue = rewardReportSchema.parse(
      (await list({ OrderBy: 'WertCent', Descending: false, Pagesize: 50 })).json,
    )
    const values = byValue.Content.map((row) => row.WertCent)
    expect(values).toEqual([...values].sort((a, b) => a - b))
    expectError(await list({ OrderBy: 'Email' }), 400, 'UngueltigeEingabe')
    expectError(await list({ Filter: { Status: 'Offen', Farbe: 'rot' } }), 400, 'UngueltigeEingabe')
  })

  it('exports the rewards as CSV', async () => {
    const csv = await call('/api/v1/demo/agentur/praemien/csv', {
      method: 'PUT',
      token: await tokenOf('owner'),
      body: { Filter: { Suche: shared.nr } },
    })
    expect(csv.status).toBe(200)
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Prämiennummer;Entstanden am;Empfehlungsnummer;Produkt;Beraternummer;Für;Prämie (€);Status',
    )
    expect(lines).toHaveLength(3)
    // The screen's words for whom and how far, the amount in euros, the day as TT.MM.JJJJ HH:MM.
    const cells = lines.slice(1).map((line) => line.split(';'))
    expect(cells.map((cell) => cell[5]).sort()).toEqual(['Empfehler', 'Empfohlene Person'])
    expect(cells.every((cell) => cell[7] === 'Wartet auf Vertrag')).toBe(true)
    expect(cells.every((cell) => /^\d+,\d{2}$/.test(cell[6]!))).toBe(true)
    expect(cells.every((cell) => /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.test(cell[1]!))).toBe(true)
  })

  it("never shows another agency's rewards, and refuses callers without an agency token", async () => {
    const other = await call('/api/v1/demo-closed/agentur/praemien/liste', {
      method: 'PUT',
      token: await tokenOf('otherAgency', 'demo-closed'),
      body: { Filter: { Suche: shared.nr } },
    })
    expect(rewardReportSchema.parse(other.json).TotalCount).toBe(0)
    expectError(await call(LIST, { method: 'PUT', body: {} }), 401, 'PSOF0204')
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(
      await call(LIST, { method: 'PUT', token: referrer.token, body: {} }),
      403,
      'NichtAuthorisiert',
    )
  })
})
