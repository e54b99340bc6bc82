import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { issueToken } from '@/lib/engine/auth/token'
import { orderResultSchema, praemierungDetailsSchema, praemierungenSchema } from '@/lib/contracts/praemierung'
import { recipientOrderSchema } from '@/lib/contracts/recipient'
import { recommendationsSchema } from '@/lib/contracts/recommendation'
import { call, expectError } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { waitForMail } from '../support/mailbox'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import {
  backdate,
  confirmedFriend,
  daysAgo,
  orderNumber,
  reportOrders,
  rewardLinkOf,
  type Friend,
} from '../support/rewards'
import { TEST_OPERATOR_API_KEY } from '../support/test-server'

// Orders, rewards and payouts over HTTP (SPEC §7.3, §7.4, §7.5): the provider's order reports with its
// key, the reward calls with the referrer's token and the reward link's own token, the operator's
// voucher import and SEPA export.

const results = z.object({ Ergebnisse: z.array(orderResultSchema) })
const IBAN = 'DE89370400440532013000'

let shared: Shared
let friend: Friend
let providerKey: string

/** A shared recommendation 40 days old with a confirmed friend, and its order 35 days ago, completed. */
async function orderedLongAgo(anteil: 100 | 50 | 0 = 50) {
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
  const created = await call('/api/v1/demo/operator/anbieterschluessel', {
    method: 'POST',
    token: TEST_OPERATOR_API_KEY,
    body: { Bezeichnung: 'Jest Auftragsimport' },
  })
  expect(created.status).toBe(200)
  providerKey = z.object({ Schluessel: z.string().startsWith('pk_') }).parse(created.json).Schluessel
})

afterAll(releaseRegisteredAccounts)

describe('POST /auftraege (the provider reports orders)', () => {
  it('records an order once: the same report again is unchanged, the recipient sees it', async () => {
    const no = orderNumber()
    const report = {
      Auftragsnummer: no,
      Empfaengernummer: friend.empfaengernummer,
      ProduktId: 462,
      Auftragsdatum: daysAgo(0),
      Status: 'Offen',
    }
    const first = await reportOrders('demo', [report], providerKey)
    expect(first.status).toBe(200)
    expect(results.parse(first.json).Ergebnisse).toEqual([
      { Auftragsnummer: no, Ergebnis: 'Angelegt', Status: 'Offen', Code: null },
    ])
    const again = await reportOrders('demo', [report], providerKey)
    expect(results.parse(again.json).Ergebnisse[0]!.Ergebnis).toBe('Unveraendert')
    const order = recipientOrderSchema.parse(
      (await call('/api/v1/demo/empfaenger/auftrag', { token: friend.token })).json,
    )
    expect(order.Auftrag).toEqual({
      Status: 'Offen',
      Auftragsdatum: daysAgo(0),
      Produkt: 'Lumenta Zuhause M',
    })
    // The referrer sees the contract with its date.
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: shared.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === shared.nr)!.Statusleiste).toMatchObject({
      Text: 'vertragAbgeschlossen',
      Datum: daysAgo(0),
      Schritt: 3,
    })
  })

  it('answers each refused order with its code and takes the others', async () => {
    const ok = orderNumber()
    const answer = await reportOrders(
      'demo',
      [
        {
          Auftragsnummer: orderNumber(),
          Empfaengernummer: 'GIBTESNICHT',
          ProduktId: 462,
          Auftragsdatum: daysAgo(0),
          Status: 'Offen',
        },
        {
          Auftragsnummer: orderNumber(),
          Empfaengernummer: friend.empfaengernummer,
          ProduktId: 1,
          Auftragsdatum: daysAgo(0),
          Status: 'Offen',
        },
        {
          Auftragsnummer: ok,
          Empfaengernummer: friend.empfaengernummer,
          ProduktId: 462,
          Auftragsdatum: daysAgo(0),
          Status: 'Storniert',
        },
      ],
      providerKey,
    )
    expect(results.parse(answer.json).Ergebnisse.map((r) => [r.Ergebnis, r.Code])).toEqual([
      ['Abgelehnt', 'EmpfaengerUnbekannt'],
      ['Abgelehnt', 'ProduktUnbekannt'],
      ['Angelegt', null],
    ])
  })

  it('refuses malformed reports with 400 and stores nothing', async () => {
    const no = orderNumber()
    for (const body of [
      {},
      { Auftraege: [] },
      {
        Auftraege: [
          {
            Auftragsnummer: no,
            Empfaengernummer: friend.empfaengernummer,
            ProduktId: 462,
            Auftragsdatum: '01.02.2026',
            Status: 'Offen',
          },
        ],
      },
      {
        Auftraege: [
          {
            Auftragsnummer: no,
            Empfaengernummer: friend.empfaengernummer,
            ProduktId: 462,
            Auftragsdatum: daysAgo(0),
            Status: 'Bezahlt',
          },
        ],
      },
      {
        Auftraege: [
          {
            Auftragsnummer: 'mit Leerzeichen',
            Empfaengernummer: friend.empfaengernummer,
            ProduktId: 462,
            Auftragsdatum: daysAgo(0),
            Status: 'Offen',
          },
        ],
      },
    ]) {
      const answer = await call('/api/v1/demo/auftraege', { method: 'POST', token: providerKey, body })
      expectError(answer, 400, 'UngueltigeEingabe')
    }
    const broken = await call('/api/v1/demo/auftraege', {
      method: 'POST',
      token: providerKey,
      body: '{"Auftraege": [',
    })
    expectError(broken, 400, 'UngueltigeEingabe')
    const later = await reportOrders(
      'demo',
      [
        {
          Auftragsnummer: no,
          Empfaengernummer: friend.empfaengernummer,
          ProduktId: 462,
          Auftragsdatum: daysAgo(0),
          Status: 'Offen',
        },
      ],
      providerKey,
    )
    expect(results.parse(later.json).Ergebnisse[0]!.Ergebnis).toBe('Angelegt')
  })

  it('needs a key of the tenant: none, a wrong one, another tenant’s or a revoked one is refused', async () => {
    const body = {
      Auftraege: [
        {
          Auftragsnummer: orderNumber(),
          Empfaengernummer: friend.empfaengernummer,
          ProduktId: 462,
          Auftragsdatum: daysAgo(0),
          Status: 'Offen',
        },
      ],
    }
    expectError(await call('/api/v1/demo/auftraege', { method: 'POST', body }), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/auftraege', { method: 'POST', body, token: 'pk_falsch' }),
      401,
      'PSOF0204',
    )
    // A referrer's token is no provider key.
    expectError(
      await call('/api/v1/demo/auftraege', { method: 'POST', body, token: shared.token }),
      401,
      'PSOF0204',
    )
    const closed = await call('/api/v1/demo-closed/operator/anbieterschluessel', {
      method: 'POST',
      token: TEST_OPERATOR_API_KEY,
      body: { Bezeichnung: 'Fjordnet' },
    })
    const { Schluessel, Id } = z.object({ Schluessel: z.string(), Id: z.string() }).parse(closed.json)
    expectError(
      await call('/api/v1/demo/auftraege', { method: 'POST', body, token: Schluessel }),
      401,
      'PSOF0204',
    )
    const revoked = await call(`/api/v1/demo-closed/operator/anbieterschluessel/${Id}`, {
      method: 'DELETE',
      token: TEST_OPERATOR_API_KEY,
    })
    expect(revoked.status).toBe(200)
    expectError(
      await call('/api/v1/demo-closed/auftraege', { method: 'POST', body, token: Schluessel }),
      401,
      'PSOF0204',
    )
    // Creating keys is the operator's.
    expectError(
      await call('/api/v1/demo/operator/anbieterschluessel', {
        method: 'POST',
        token: providerKey,
        body: { Bezeichnung: 'x' },
      }),
      401,
      'PSOF0204',
    )
  })
})

describe('imports larger than a call’s usual 64 KiB (lib/edge/body-limits.mjs)', () => {
  it('takes 10,000 voucher codes in one call and refuses a body over 4 MiB with 413', async () => {
    const run = randomUUID().slice(0, 8)
    // One cent: a value no reward of the demo has, so no waiting reward takes these codes.
    const codes = Array.from({ length: 10_000 }, (_, i) => ({
      Code: `BULK-${run}-${i}`,
      WertCent: 1,
      Anbieter: 'Buchhandel',
    }))
    const imported = await call('/api/v1/demo-closed/operator/gutscheine', {
      method: 'POST',
      token: TEST_OPERATOR_API_KEY,
      body: { Gutscheine: codes },
    })
    expect(JSON.stringify({ Gutscheine: codes }).length).toBeGreaterThan(512 * 1024)
    expect(imported.status).toBe(200)
    expect(imported.json).toMatchObject({ Importiert: 10_000, Uebersprungen: 0 })
    expectError(
      await call('/api/v1/demo-closed/operator/gutscheine', {
        method: 'POST',
        token: TEST_OPERATOR_API_KEY,
        body: { Gutscheine: codes, Fuellung: 'x'.repeat(4 * 1024 * 1024) },
      }),
      413,
      'ZuGross',
    )
  })
})

describe('/praemierung/ (rewards of the referrer and by the reward link)', () => {
  it('mails the ready reward, lists it with the balance, and lets it be picked once with bank data', async () => {
    const { rec, who } = await orderedLongAgo(50)
    const link = await rewardLinkOf('demo', rec.email)
    expect(link.mail.Betreff.replace(/\s/g, ' ')).toBe('Ihre Prämie von 35 € steht bereit')

    const own = praemierungenSchema.parse((await call('/api/v1/demo/praemierung', { token: rec.token })).json)
    const mine = own.Praemien.find((p) => p.PraemieId === link.id)!
    expect(mine).toMatchObject({
      Status: 'Bereitgestellt',
      WertCent: 3500,
      Empfehlungsnummer: rec.nr,
      Optionen: ['Bargeld', 'Gutschein'],
    })
    expect(own.Konto).toEqual({ OffenCent: 0, BereitCent: 3500, AusgezahltCent: 0 })
    // The link's own token shows this one reward, and only to the tenant it belongs to.
    const byLink = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: link.token })).json,
    )
    expect(byLink.Praemien.map((p) => p.PraemieId)).toEqual([link.id])
    expectError(
      await call('/api/v1/demo-closed/praemierung', { token: link.token }),
      403,
      'PraemieTokenUngueltig',
    )
    expectError(
      await call('/api/v1/demo/praemierung', { token: 'abcdefghijklmnopqrstuvwxyz0123456789' }),
      403,
      'PraemieTokenUngueltig',
    )
    expectError(await call('/api/v1/demo/praemierung'), 401, 'PSOF0204')
    // The link is checked before the input: a wrong one is refused as such, whatever the body holds.
    for (const body of [{}, { PraemieId: 'kaputt' }, { PraemieId: link.id, Auswahl: 'Gutschein' }])
      expectError(
        await call('/api/v1/demo/praemierung', {
          method: 'PUT',
          token: 'abcdefghijklmnopqrstuvwxyz0123456789',
          body,
        }),
        403,
        'PraemieTokenUngueltig',
      )
    expectError(
      await call(`/api/v1/demo/praemierung?details=kaputt`, { token: rec.token }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call(`/api/v1/demo/praemierung?details=ABCDEFGHJK`, { token: rec.token }),
      404,
      'NichtGefunden',
    )

    const pick = (body: unknown, token = link.token) =>
      call('/api/v1/demo/praemierung', { method: 'PUT', token, body })
    expectError(await pick({ PraemieId: link.id }), 400, 'UngueltigeEingabe')
    expectError(await pick({ PraemieId: link.id, Auswahl: 'Bargeld' }), 400, 'BankdatenErforderlich')
    expectError(
      await pick({
        PraemieId: link.id,
        Auswahl: 'Bargeld',
        Bankdaten: { IBAN: 'DE89370400440532013001', Kontoinhaber: 'Jana Landung' },
      }),
      400,
      'IbanUngueltig',
    )
    expectError(await pick({ PraemieId: link.id, Auswahl: 'Gutschrift' }), 400, 'KundennummerErforderlich')
    const picked = await pick({
      PraemieId: link.id,
      Auswahl: 'Bargeld',
      Bankdaten: { IBAN, Kontoinhaber: 'Jana Landung' },
    })
    expect(picked.status).toBe(200)
    expect(praemierungDetailsSchema.parse(picked.json)).toMatchObject({
      Auswahl: 'Bargeld',
      Optionen: [],
      Bankdaten: { IBAN: 'DE89 •••• •••• •••• ••30 00', Kontoinhaber: 'J••• L••••••' },
    })
    expect(picked.text).not.toContain(IBAN)
    expectError(
      await pick({ PraemieId: link.id, Auswahl: 'Gutschein' }, rec.token),
      409,
      'PraemieBereitsAbgeholt',
    )

    // The SEPA export holds it once; the file is the same on every download; paid: Ausgezahlt and the mail.
    const exported = await call('/api/v1/demo/operator/auszahlungen', {
      method: 'POST',
      token: TEST_OPERATOR_API_KEY,
      body: { Art: 'SEPA' },
    })
    expect(exported.status).toBe(200)
    const batch = z.object({ Id: z.string(), Anzahl: z.number(), SummeCent: z.number() }).parse(exported.json)
    const file = await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}`, {
      token: TEST_OPERATOR_API_KEY,
    })
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(file.text.split(`<EndToEndId>${link.id}</EndToEndId>`)).toHaveLength(2)
    expect(
      (await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}`, { token: TEST_OPERATOR_API_KEY })).text,
    ).toBe(file.text)
    expectError(
      await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}`, { token: rec.token }),
      401,
      'PSOF0204',
    )
    expectError(
      await call('/api/v1/demo/operator/auszahlungen', {
        method: 'POST',
        token: TEST_OPERATOR_API_KEY,
        body: { Art: 'Bar' },
      }),
      400,
      'UngueltigeEingabe',
    )
    const paid = await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}/bezahlt`, {
      method: 'PUT',
      token: TEST_OPERATOR_API_KEY,
    })
    expect(paid.status).toBe(200)
    expectError(
      await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}/bezahlt`, {
        method: 'PUT',
        token: TEST_OPERATOR_API_KEY,
      }),
      409,
      'AuszahlungBereitsBezahlt',
    )
    const details = praemierungDetailsSchema.parse(
      (await call(`/api/v1/demo/praemierung?details=${link.id}`, { token: rec.token })).json,
    )
    expect(details.Status).toBe('Ausgezahlt')
    const paidMail = await waitForMail('demo', rec.email, { subject: /ausgezahlt/ })
    expect(paidMail.Text).toContain('DE89 •••• •••• •••• ••30 00')
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: rec.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === rec.nr)!.Statusleiste).toMatchObject({
      Text: 'praemieAusgezahlt',
    })

    // The friend's half, by the friend's link: a voucher from the imported pool.
    const friendLink = await rewardLinkOf('demo', who.email)
    const imported = await call('/api/v1/demo/operator/gutscheine', {
      method: 'POST',
      token: TEST_OPERATOR_API_KEY,
      body: { Gutscheine: [{ Code: `JEST-${friendLink.id}`, WertCent: 3500, Anbieter: 'Buchhandel' }] },
    })
    expect(imported.status).toBe(200)
    const voucher = await pick({ PraemieId: friendLink.id, Auswahl: 'Gutschein' }, friendLink.token)
    expect(praemierungDetailsSchema.parse(voucher.json)).toMatchObject({
      Status: 'Abgeholt',
      Gutschein: { Anbieter: expect.any(String) },
    })
    const voucherMail = await waitForMail('demo', who.email, { subject: /Gutschein/ })
    expect(voucherMail.Text).toContain(praemierungDetailsSchema.parse(voucher.json).Gutschein!.Code)
    const friendView = await call(`/api/v1/demo/empfaenger/${who.empfaengernummer}/praemie/`, {
      token: who.token,
      redirect: 'follow',
    })
    expect(friendView.json).toMatchObject({
      Praemien: [expect.objectContaining({ PraemieId: friendLink.id, Status: 'Abgeholt' })],
    })
  })

  it('sends the reward mail again with the same link, and shows the banner answer', async () => {
    const { rec } = await orderedLongAgo(100)
    const first = await rewardLinkOf('demo', rec.email)
    const before = new Date()
    const resent = await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, { token: rec.token })
    expect(resent.json).toEqual({ Gesendet: true })
    const again = await waitForMail('demo', rec.email, { subject: /Prämie/, after: before })
    expect(again.Text).toContain(`token=${first.token}`)
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, {
        token: rec.token,
        withoutRequestedWith: true,
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/ABCDEFGHJK`, { token: rec.token }),
      404,
      'NichtGefunden',
    )
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, { token: first.token }),
      401,
      'PSOF0204',
    )

    const banner = await call('/api/v1/demo/empfehler/empfehlungen/showbanner/BannerTEZuTP', {
      token: rec.token,
    })
    expect(banner.json).toEqual({ ShowBanner: expect.any(Boolean) })
    const product = z.object({ Kategorie: z.string() }).parse((await call('/api/v1/demo/produkt/462')).json)
    expect(banner.json).toEqual({ ShowBanner: product.Kategorie === 'DP' })
    expect(
      (await call('/api/v1/demo/praemierung/showbanner/BannerTEZuTP', { token: rec.token })).json,
    ).toEqual(banner.json)
    expectError(await call('/api/v1/demo/praemierung/showbanner/BannerTEZuTP'), 401, 'PSOF0204')
  })

  it('refuses a token of the other demo tenant and a recipient on another recipient’s reward', async () => {
    const { rec, who } = await orderedLongAgo(50)
    const link = await rewardLinkOf('demo', rec.email)
    // A valid referrer token of the other demo tenant.
    const closed = { token: issueToken({ ten: 'demo-closed', sub: randomUUID(), role: 'referrer', sv: 1 }) }
    expectError(await call('/api/v1/demo/praemierung', { token: closed.token }), 401, 'PSOF0204')
    expectError(
      await call('/api/v1/demo/praemierung', {
        method: 'PUT',
        token: closed.token,
        body: { PraemieId: link.id, Auswahl: 'Gutschein' },
      }),
      401,
      'PSOF0204',
    )
    // The friend's own token sees the friend's reward only.
    const friendsView = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: who.token })).json,
    )
    expect(friendsView.Praemien.map((p) => p.Beguenstigter)).toEqual(['Empfaenger'])
    expectError(
      await call(`/api/v1/demo/praemierung?details=${link.id}`, { token: who.token }),
      404,
      'NichtGefunden',
    )
  })

  it('cancels a ready reward when the order is cancelled before payout', async () => {
    const { rec, who, no } = await orderedLongAgo(100)
    const link = await rewardLinkOf('demo', rec.email)
    const cancelled = await reportOrders(
      'demo',
      [
        {
          Auftragsnummer: no,
          Empfaengernummer: who.empfaengernummer,
          ProduktId: 462,
          Auftragsdatum: daysAgo(35),
          Status: 'Storniert',
        },
      ],
      providerKey,
    )
    expect(results.parse(cancelled.json).Ergebnisse[0]).toMatchObject({
      Ergebnis: 'Aktualisiert',
      Status: 'Storniert',
    })
    expectError(
      await call('/api/v1/demo/praemierung', {
        method: 'PUT',
        token: link.token,
        body: { PraemieId: link.id, Auswahl: 'Gutschein' },
      }),
      409,
      'PraemieStorniert',
    )
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: rec.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === rec.nr)!.Statusleiste).toMatchObject({
      Text: 'keinVertrag',
    })
  })
})
