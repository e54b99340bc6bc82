import { z } from 'zod'
import { agencyOrderReportSchema, orderReleaseSchema } from '@/lib/contracts/agency'
import { recommendationSchema } from '@/lib/contracts/recommendation'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import { confirmedFriend, orderLongAgo, orderNumber, rewardLinkOf } from '../support/rewards'

// PUT agentur/auftragfreigeben/{Auftragsnummer}/{Empfehlungsnummer} (SPEC §1, §7.1; issue 17): an agency's
// order waits for the agency's release before its rewards become ready; above the demo tenant's
// four-eyes amount (80 €) two different people release it.

const release = (nummer: string, nr: string, token?: string, tenant = 'demo') =>
  call(`/api/v1/${tenant}/agentur/auftragfreigeben/${encodeURIComponent(nummer)}/${nr}`, {
    method: 'PUT',
    token,
  })

const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

/** A recommendation through agent SV-1001, its friend's order reported 35 days ago (past the complaint period). */
async function agencyOrder(
  produkt: number,
  options: { agentNumber?: string; status?: 'Gezahlt' | 'Storniert' } = {},
) {
  const shared = await sharedRecommendation('freigabe', {
    agentNumber: options.agentNumber ?? 'SV-1001',
    produkt,
    anteil: 100,
  })
  const nummer = await orderLongAgo(shared, await confirmedFriend(shared), {
    produkt,
    status: options.status,
  })
  return { shared, nummer }
}

async function statusText(shared: Shared): Promise<string> {
  const list = z
    .array(recommendationSchema)
    .parse((await call('/api/v1/demo/empfehler/empfehlungen', { token: shared.token })).json)
  return list.find((r) => r.Empfehlungsnummer === shared.nr)?.Statusleiste?.Text ?? ''
}

async function reportRow(nummer: string, who: keyof typeof AGENCY_LOGINS) {
  const page = agencyOrderReportSchema.parse(
    (
      await call('/api/v1/demo/agentur/auftraege/liste', {
        method: 'PUT',
        token: await tokenOf(who),
        body: { Filter: { Suche: nummer } },
      })
    ).json,
  )
  return page.Content[0]!
}

afterAll(releaseRegisteredAccounts)

describe('order release (PUT agentur/auftragfreigeben)', () => {
  it("holds an agency order's reward until the agency releases it, then makes it ready at once", async () => {
    const { shared, nummer } = await agencyOrder(462)
    expect(await statusText(shared)).toBe('freigabeAusstehend')
    expect(await reportRow(nummer, 'employee')).toMatchObject({
      Status: 'Gezahlt',
      Freigabe: 'Offen',
      FreigabenNoetig: 1,
      Freigaben: [],
      Freigebbar: true,
    })

    const released = await release(nummer, shared.nr, await tokenOf('employee'))
    expect(released.status).toBe(200)
    expect(orderReleaseSchema.parse(released.json)).toMatchObject({
      Freigabe: 'Freigegeben',
      FreigabenNoetig: 1,
      Freigaben: [{ Name: 'Mia Mitarbeiter', Am: expect.any(String) }],
      Freigebbar: false,
    })
    // The reward is ready and its link mailed; the referrer's status bar moves on.
    await rewardLinkOf('demo', shared.email)
    expect(['praemieAbholen', 'bankdatenEingeben']).toContain(await statusText(shared))
    expectError(await release(nummer, shared.nr, await tokenOf('owner')), 409, 'AuftragBereitsFreigegeben')
  })

  it('needs two different people above the four-eyes amount', async () => {
    const { shared, nummer } = await agencyOrder(1998)
    expect(await reportRow(nummer, 'owner')).toMatchObject({ Freigabe: 'Offen', FreigabenNoetig: 2 })
    const first = orderReleaseSchema.parse((await release(nummer, shared.nr, await tokenOf('employee'))).json)
    expect(first).toMatchObject({ Freigabe: 'Teilweise', Freigebbar: false })
    expect(await statusText(shared)).toBe('freigabeAusstehend')
    expect(await reportRow(nummer, 'owner')).toMatchObject({ Freigabe: 'Teilweise', Freigebbar: true })
    expectError(await release(nummer, shared.nr, await tokenOf('employee')), 409, 'FreigabeDurchAnderePerson')
    const second = orderReleaseSchema.parse((await release(nummer, shared.nr, await tokenOf('owner'))).json)
    expect(second.Freigabe).toBe('Freigegeben')
    expect(second.Freigaben.map((r) => r.Name)).toEqual(['Mia Mitarbeiter', 'Ines Inhaber'])
    await rewardLinkOf('demo', shared.email)
  })

  it('refuses a cancelled order, unknown or mismatched numbers, and orders of no agency', async () => {
    const token = await tokenOf('inactiveOwner')
    const cancelled = await agencyOrder(462, { status: 'Storniert' })
    expectError(await release(cancelled.nummer, cancelled.shared.nr, token), 409, 'AuftragNichtFreigebbar')
    const own = await agencyOrder(462)
    expectError(await release(own.nummer, cancelled.shared.nr, token), 404, 'NichtGefunden')
    expectError(await release(orderNumber(), own.shared.nr, token), 404, 'NichtGefunden')
    const direct = await agencyOrder(462, { agentNumber: 'XX-0000' })
    expectError(await release(direct.nummer, direct.shared.nr, token), 404, 'NichtGefunden')
    // An order of no agency is settled as before: its reward is ready without a release.
    await rewardLinkOf('demo', direct.shared.email)
    expectError(await release('A B', own.shared.nr, token), 400, 'UngueltigeEingabe')
  })

  it('refuses callers without an agency token whose role has the view', async () => {
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await release('T-1', 'ABCDEFGHJK'), 401, 'PSOF0204')
    expectError(await release('T-1', 'ABCDEFGHJK', 'kein.token'), 401, 'PSOF0204')
    expectError(await release('T-1', 'ABCDEFGHJK', referrer.token), 403, 'NichtAuthorisiert')
    expectError(
      await release('T-1', 'ABCDEFGHJK', await tokenOf('otherAgency', 'demo-closed')),
      401,
      'PSOF0204',
    )
    // The other agency on its own tenant does not find this tenant's orders.
    expectError(
      await release('T-1', 'ABCDEFGHJK', await tokenOf('otherAgency', 'demo-closed'), 'demo-closed'),
      404,
      'NichtGefunden',
    )
  })
})
