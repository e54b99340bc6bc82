import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { recipientOrderSchema } from '@/lib/contracts/recipient'
import { recommendationsSchema } from '@/lib/contracts/recommendation'
import { call, expectError } from '../support/http'
import { daysAgo, orderNumber, reportOrders } from '../support/rewards'
import { results, shared, friend, providerKey, operatorApi } from './praemierung-fixtures'

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
    // The referrer sees the open order as in processing, with its date.
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: shared.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === shared.nr)!.Statusleiste).toMatchObject({
      Text: 'inBearbeitung',
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
      // A day that does not exist (it reached the date column before).
      ...['2026-13-45', '2026-02-30', '0000-01-01'].map((Auftragsdatum) => ({
        Auftraege: [
          {
            Auftragsnummer: no,
            Empfaengernummer: friend.empfaengernummer,
            ProduktId: 462,
            Auftragsdatum,
            Status: 'Offen',
          },
        ],
      })),
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
    const closed = await operatorApi('/api/v1/demo-closed/operator/anbieterschluessel', {
      method: 'POST',
      body: { Bezeichnung: 'Fjordnet' },
    })
    const { Schluessel, Id } = z.object({ Schluessel: z.string(), Id: z.string() }).parse(closed.json)
    expectError(
      await call('/api/v1/demo/auftraege', { method: 'POST', body, token: Schluessel }),
      401,
      'PSOF0204',
    )
    const revoked = await operatorApi(`/api/v1/demo-closed/operator/anbieterschluessel/${Id}`, {
      method: 'DELETE',
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
    const imported = await operatorApi('/api/v1/demo-closed/operator/gutscheine', {
      method: 'POST',
      body: { Gutscheine: codes },
    })
    expect(JSON.stringify({ Gutscheine: codes }).length).toBeGreaterThan(512 * 1024)
    expect(imported.status).toBe(200)
    expect(imported.json).toMatchObject({ Importiert: 10_000, Uebersprungen: 0 })
    expectError(
      await operatorApi('/api/v1/demo-closed/operator/gutscheine', {
        method: 'POST',
        body: { Gutscheine: codes, Fuellung: 'x'.repeat(4 * 1024 * 1024) },
      }),
      413,
      'ZuGross',
    )
  })
})
