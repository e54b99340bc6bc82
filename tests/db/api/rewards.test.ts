import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { produkteSchema } from '@/lib/contracts/catalog'
import { praemienSchema, REWARD_IMAGES, type PraemieEintrag } from '@/lib/contracts/rewards'
import { collectRewards } from '@/lib/engine/catalog/collect-rewards'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'

// GET /api/v1/{tenant}/praemie and the reward pictures (SPEC §7.4) over HTTP: the periods active today
// and the next ones of both demo tenants, in line with what /produkt shows; the pictures as strict SVG;
// bad ids, other tenants' ids and tokens, and other methods are refused.

const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'"

async function rewards(tenant: string, locale?: string): Promise<PraemieEintrag[]> {
  const response = await call(`/api/v1/${tenant}/praemie`, { locale })
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return praemienSchema.parse(response.json)
}

const amounts = (entries: PraemieEintrag[], aktiv: boolean) =>
  entries.filter((e) => e.Aktiv === aktiv).map((e) => e.Wert)

describe('GET /api/v1/{tenant}/praemie', () => {
  it('answers the active and the next reward periods of demo, one entry per amount and period', async () => {
    const list = await rewards('demo')
    expect(amounts(list, true)).toEqual(['110\u00a0€', '90\u00a0€', '80\u00a0€', '70\u00a0€', '50\u00a0€'])
    expect(amounts(list, false)).toEqual(['110\u00a0€', '90\u00a0€', '80\u00a0€', '75\u00a0€', '55\u00a0€'])
    const today = germanToday()
    for (const entry of list) {
      if (entry.Aktiv) expect([entry.Startdatum <= today, entry.Enddatum! >= today]).toEqual([true, true])
      else expect(entry.Startdatum > today).toBe(true)
    }
    // The glass fibre products earn 90 € now (the smallest one 80 €); the sport package up to 110 €.
    const ninety = list.find((e) => e.Aktiv && e.WertCent === 9000)!
    expect(ninety.Produktkategorien).toEqual(
      expect.arrayContaining([
        { Quelle: 'festnetz', Produktkategorie: 'glasfaser' },
        { Quelle: 'sport', Produktkategorie: 'sport' },
      ]),
    )
    expect(ninety.Produktkategorien).not.toContainEqual({ Quelle: 'mobilfunk', Produktkategorie: 'tarife' })
  })

  it('agrees with the products: the same periods as /produkt, the highest as /produkt/maxpraemiewert', async () => {
    const list = await rewards('demo')
    const products = await call('/api/v1/demo/produkt')
    expect(list).toEqual(collectRewards(produkteSchema.parse(products.json), germanToday()))
    const max = await call('/api/v1/demo/produkt/maxpraemiewert')
    const highest = list.filter((e) => e.Aktiv && e.Hoechstpraemie)
    expect(highest.map((e) => ({ WertCent: e.WertCent, Wert: e.Wert }))).toEqual([max.json])
  })

  it('answers the periods of demo-closed, in English when asked', async () => {
    const list = await rewards('demo-closed', 'en')
    expect(amounts(list, true)).toEqual(['€90', '€80', '€70', '€50'])
    expect(amounts(list, false)).toEqual(['€90', '€75', '€55'])
    const quellen = new Set(list.flatMap((e) => e.Produktkategorien.map((c) => c.Quelle)))
    expect(quellen).toEqual(new Set(['festnetz', 'mobilfunk']))
    // Reward ids are the tenant's own: none of demo's appears.
    const demoIds = new Set((await rewards('demo')).map((e) => e.Id))
    expect(list.filter((e) => demoIds.has(e.Id))).toEqual([])
  })

  it('refuses a token of the other tenant; accepts its own', async () => {
    const foreign = (await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])).token
    expectError(await call('/api/v1/demo/praemie', { token: foreign }), 401, 'PSOF0204')
    expect((await call('/api/v1/demo-closed/praemie', { token: foreign })).status).toBe(200)
    const [entry] = await rewards('demo')
    expectError(
      await call(`/api/v1/demo/praemie/${entry!.Id}/grafik100`, { token: foreign }),
      401,
      'PSOF0204',
    )
    expectError(await call('/api/v1/demo/praemie', { token: 'garbage' }), 401, 'PSOF0204')
  })

  it('refuses other methods and an unknown tenant', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expectError(await call('/api/v1/demo/praemie', { method, body: {} }), 405, 'MethodeNichtErlaubt')
      expectError(
        await call('/api/v1/demo/praemie/1/grafik100', { method, body: {} }),
        405,
        'MethodeNichtErlaubt',
      )
    }
    expectError(await call('/api/v1/gibtesnicht/praemie'), 404, 'MandantUnbekannt')
  })
})

describe('GET /api/v1/{tenant}/praemie/{id}/grafik100, grafik50, grafik50empfehler, grafik50empfaenger', () => {
  it('serves each picture of a reward as strict SVG with the whole or half amount', async () => {
    const [top] = await rewards('demo')
    expect(top!.WertCent).toBe(11000)
    const expected: Record<(typeof REWARD_IMAGES)[number], string[]> = {
      grafik100: ['110\u00a0€', '100 %'],
      grafik50: ['55\u00a0€', '>50 %<'],
      grafik50empfehler: ['55\u00a0€', '50 % für Sie'],
      grafik50empfaenger: ['55\u00a0€', '50 % für Ihren Freund'],
    }
    for (const image of REWARD_IMAGES) {
      const response = await call(`/api/v1/demo/praemie/${top!.Id}/${image}`)
      expect([image, response.status]).toEqual([image, 200])
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBe(SVG_POLICY)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(response.text).toMatch(/^<svg[^>]+width="640"[^>]+height="320"/)
      for (const text of expected[image])
        expect([image, response.text]).toEqual([image, expect.stringContaining(text)])
      expect(response.text).toContain('Lumenta Freunde-Bonus')
    }
    // The next period's id works too; English labels on request.
    const next = (await rewards('demo')).find((e) => !e.Aktiv && e.WertCent === 7500)!
    const english = await call(`/api/v1/demo/praemie/${next.Id}/grafik50empfaenger?lang=en`)
    expect(english.status).toBe(200)
    expect(english.text).toContain('€37.50')
    expect(english.text).toContain('50% for your friend')
  })

  it("draws in the tenant's brand colours", async () => {
    const [demoTop] = await rewards('demo')
    const [closedTop] = await rewards('demo-closed')
    const aurora = await call(`/api/v1/demo/praemie/${demoTop!.Id}/grafik100`)
    const fjord = await call(`/api/v1/demo-closed/praemie/${closedTop!.Id}/grafik100`)
    expect(aurora.text).toContain('#7a1f5c')
    expect(fjord.text).toContain('#0b4f6c')
    expect(fjord.text).toContain('Fjordnet Kunden werben Kunden')
  })

  it("answers NichtGefunden for unknown, hidden and other tenants' ids; 400 for malformed ones", async () => {
    expectError(await call('/api/v1/demo/praemie/999999/grafik100'), 404, 'NichtGefunden')
    // 6391: the period of legacy product 639, which no answer of the product API contains.
    expectError(await call('/api/v1/demo/praemie/6391/grafik50'), 404, 'NichtGefunden')
    const [closedTop] = await rewards('demo-closed')
    expectError(await call(`/api/v1/demo/praemie/${closedTop!.Id}/grafik100`), 404, 'NichtGefunden')
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expectError(await call(`/api/v1/demo/praemie/${id}/grafik100`), 400, 'UngueltigeEingabe')
    // A control character in the path is refused before any route (lib/edge/request-shape.mjs).
    expectError(await call('/api/v1/demo/praemie/%00/grafik100'), 400, 'AnfrageUngueltig')
    const [top] = await rewards('demo')
    expectError(await call(`/api/v1/demo/praemie/${top!.Id}/grafik100?lang=fr`), 400, 'UngueltigeEingabe')
    // A picture name the SPEC does not know is no route.
    expectError(await call(`/api/v1/demo/praemie/${top!.Id}/grafik75`), 404, 'NichtGefunden')
  })
})
