import { produkteSchema, produktSchema, type Produkt } from '@/lib/contracts/catalog'
import { germanToday, rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import { call, expectError } from '../support/http'

// The built-in product API (SPEC §7.7) of the demo tenants: lists, category queries with their filters,
// single products, the hidden ids and the highest reward. The SPEC writes queries as /produkt/?…; the
// server answers that address with a permanent redirect to /produkt?…, which clients follow.

const HIDDEN = [639, 640, 637, 638]

async function products(path: string, locale?: string): Promise<Produkt[]> {
  const response = await call(`/api/v1/demo/produkt${path}`, { locale, redirect: 'follow' })
  expect(response.status).toBe(200)
  return produkteSchema.parse(response.json)
}

describe('GET /api/v1/{tenant}/produkt', () => {
  it('lists every product with its reward periods, never the hidden ids', async () => {
    const all = await products('')
    expect(all.length).toBeGreaterThan(50)
    expect(all.filter((p) => HIDDEN.includes(p.Id))).toEqual([])
    const today = germanToday()
    for (const product of all) {
      const { current, next } = rewardPeriods(product.Praemien, today)
      expect([product.Id, current !== null, next !== null]).toEqual([product.Id, true, true])
      expect(product.Photo).toBe(`/api/v1/demo/produkt/${encodeURIComponent(product.ExterneId)}/grafik`)
    }
  })

  it('answers a category pair with its products only, in their order', async () => {
    const internet = await products('/?quelle=festnetz&kategorie=internet')
    expect(internet.length).toBeGreaterThanOrEqual(3)
    for (const p of internet)
      expect([p.Quelle, p.Produktkategorie, p.Art]).toEqual(['festnetz', 'internet', 'festnetz'])
    expect(internet.map((p) => p.Id).filter((id) => HIDDEN.includes(id))).toEqual([])
    const tariffs = await products('/?quelle=mobilfunk&kategorie=tarife')
    expect(tariffs.map((p) => p.Id).filter((id) => HIDDEN.includes(id))).toEqual([])
  })

  it('filters device offers by tariff', async () => {
    const phones = await products('/?quelle=mobilfunk&kategorie=smartphones')
    const tarifIds = [...new Set(phones.map((p) => (p.Art === 'mobil' ? p.TarifId : -1)))]
    expect(tarifIds.length).toBeGreaterThan(1)
    const one = await products(`/?quelle=mobilfunk&kategorie=smartphones&tarifId=${tarifIds[0]}`)
    expect(one.length).toBeGreaterThan(0)
    expect(one.length).toBeLessThan(phones.length)
    for (const p of one) expect(p.Art === 'mobil' && p.TarifId).toBe(tarifIds[0])
  })

  it("refuses an unknown category with '404 - Unknown category'", async () => {
    const response = await call('/api/v1/demo/produkt?quelle=festnetz&kategorie=gibtesnicht')
    expectError(response, 404, 'UnbekannteKategorie')
    expect((response.json as { Message: string }).Message).toBe('404 - Unknown category')
    // demo-closed sells no TV.
    expectError(await call('/api/v1/demo-closed/produkt?quelle=tv&kategorie=tv'), 404, 'UnbekannteKategorie')
    // The SPEC's spelling with the slash leads to the same answer.
    const slash = await call('/api/v1/demo/produkt/?quelle=tv&kategorie=gibtesnicht')
    expect([slash.status, slash.headers.get('location')]).toEqual([
      308,
      '/api/v1/demo/produkt?quelle=tv&kategorie=gibtesnicht',
    ])
  })

  it('refuses malformed filters and other methods', async () => {
    expectError(await call('/api/v1/demo/produkt?tarifId=abc'), 400, 'UngueltigeEingabe')
    expectError(await call('/api/v1/demo/produkt', { method: 'POST', body: {} }), 405, 'MethodeNichtErlaubt')
  })

  it('speaks English where the product has English texts', async () => {
    const [de] = await products('/?quelle=festnetz&kategorie=internet')
    const [en] = await products('/?quelle=festnetz&kategorie=internet', 'en')
    expect(en!.Id).toBe(de!.Id)
    expect(en!.Art === 'festnetz' && en!.AnzeigeName).not.toBe(de!.Art === 'festnetz' && de!.AnzeigeName)
    expect(en!.Praemien[0]!.Wert).toMatch(/^€/)
    expect(de!.Praemien[0]!.Wert).toMatch(/^\d+\s€$/)
  })
})

describe('single products', () => {
  it('GET /produkt/{id} and /produkt/extern/{id} answer the same product; hidden and unknown ids are not found', async () => {
    const byId = await call('/api/v1/demo/produkt/462')
    expect(byId.status).toBe(200)
    const product = produktSchema.parse(byId.json)
    expect(product.Id).toBe(462)
    const byExtern = await call(`/api/v1/demo/produkt/extern/${encodeURIComponent(product.ExterneId)}`)
    expect(byExtern.json).toEqual(byId.json)
    expectError(await call('/api/v1/demo/produkt/639'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo/produkt/999999'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo/produkt/abc'), 400, 'UngueltigeEingabe')
    // Ids beyond what an integer column holds are refused as input, not passed to a query.
    for (const path of [
      '/api/v1/demo/produkt/2147483648',
      '/api/v1/demo/produkt/462?handyId=2147483648',
      '/api/v1/demo/produkt?tarifId=99999999999',
      '/api/v1/demo/produkt/handytarife/2147483648',
    ])
      expectError(await call(path), 400, 'UngueltigeEingabe')
    expectError(await call('/api/v1/demo/produkt/extern/GIBTESNICHT'), 404, 'NichtGefunden')
    // A product of one tenant is not found on the other.
    expectError(await call('/api/v1/demo-closed/produkt/462'), 404, 'NichtGefunden')
  })

  it('GET /produkt/handytarife/{handyId} lists the tariff offers of one device; ?handyId picks one', async () => {
    const phones = await products('/?quelle=mobilfunk&kategorie=smartphones')
    const offer = phones.find((p) => p.Art === 'mobil' && p.HandyId !== null)!
    const handyId = offer.Art === 'mobil' ? offer.HandyId! : 0
    const tarifId = offer.Art === 'mobil' ? offer.TarifId : 0
    const offers = await call(`/api/v1/demo/produkt/handytarife/${handyId}`)
    expect(offers.status).toBe(200)
    const list = produkteSchema.parse(offers.json)
    expect(list.length).toBeGreaterThan(0)
    for (const p of list) expect(p.Art === 'mobil' && p.HandyId).toBe(handyId)
    const picked = await call(`/api/v1/demo/produkt/${tarifId}?quelle=mobilfunk&handyId=${handyId}`)
    expect(picked.status).toBe(200)
    expect(produktSchema.parse(picked.json)).toMatchObject({ TarifId: tarifId, HandyId: handyId })
  })
})

describe('GET /api/v1/{tenant}/produkt/maxpraemiewert', () => {
  it('answers the highest reward in force today', async () => {
    const response = await call('/api/v1/demo/produkt/maxpraemiewert')
    expect(response.status).toBe(200)
    const today = germanToday()
    const highest = Math.max(
      ...(await products('')).map((p) => rewardPeriods(p.Praemien, today).current!.WertCent),
    )
    expect(response.json).toEqual({ WertCent: highest, Wert: `${highest / 100}\u00a0€` })
    expect(highest).toBeLessThanOrEqual(11000)
  })
})

describe('product and category images (SPEC §7.7 image links)', () => {
  it('serves every product photo link as an SVG picture, large and small', async () => {
    const [product] = await products('/?quelle=mobilfunk&kategorie=smartphones')
    const large = await call(product!.Photo)
    expect(large.status).toBe(200)
    expect(large.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(large.headers.get('x-content-type-options')).toBe('nosniff')
    expect(large.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(large.text).toMatch(/^<svg[^>]+width="640"[^>]+height="480"/)
    expect(large.text).toContain(`<title>`)
    const small = await call(product!.Photo.replace(/\/grafik$/, '/sgrafik'))
    expect(small.text).toMatch(/^<svg[^>]+width="240"[^>]+height="180"/)
    // The numeric id works too; an unknown one is not found.
    expect((await call(`/api/v1/demo/produkt/${product!.Id}/grafik`)).text).toBe(large.text)
    expectError(await call('/api/v1/demo/produkt/KEIN-PRODUKT/grafik'), 404, 'NichtGefunden')
  })

  it('serves each category picture and icon; unknown ids are not found', async () => {
    const grafik = await call('/api/v1/demo/produktkategorie/1/grafik')
    const icon = await call('/api/v1/demo/produktkategorie/1/icon')
    expect([grafik.status, icon.status]).toEqual([200, 200])
    expect(grafik.text).toMatch(/^<svg[^>]+width="640"[^>]+height="360"/)
    expect(icon.text).toMatch(/^<svg[^>]+width="96"[^>]+height="96"/)
    expectError(await call('/api/v1/demo/produktkategorie/999/icon'), 404, 'NichtGefunden')
    expectError(await call('/api/v1/demo/produktkategorie/abc/grafik'), 400, 'UngueltigeEingabe')
  })
})
