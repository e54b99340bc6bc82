import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { closeDb } from '@/lib/engine/db'
import { findProduct, queryProducts } from '@/lib/engine/catalog/product-source'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'

// The three product API modes of SPEC §7.7 in-process: 'builtin' (the seeded demo catalogue), 'provider'
// (a small product server this test starts on loopback) and 'mixed' (internet and mobilfunk built in,
// the rest from the provider); an unknown mode fails with the SPEC's message.

const reward = {
  Id: 1,
  Wert: '90 €',
  WertCent: 9000,
  Startdatum: '2026-01-01',
  Enddatum: null,
  EnddatumAnzeige: null,
}
const tv = (Id: number, name: string) => ({
  Id,
  ExterneId: `PROV-TV-${Id}`,
  Quelle: 'tv',
  Produktkategorie: 'tv',
  Kategorie: 'TP',
  Name: name,
  Young: false,
  Hybrid: false,
  Gruppe: 'TV',
  Klasse: 'M',
  PreisMonatlich: 4995,
  PreisEinmalig: 6995,
  AnzeigeName: name,
  Beschreibung1: '<strong>120 Sender</strong>',
  Beschreibung2: '',
  Beschreibung3: '',
  Beschreibung4: '',
  Provision: 'standard;7000',
  TelekomProduktId: 'P-1',
  Fussnote: null,
  Preisaufteilung: 'monatlich',
  Aktionsname: '',
  Aktionsrabatt: 0,
  Praemien: [reward],
  Zusatzfeld: 'wird verworfen',
})
const PROVIDER_PRODUCTS = [
  tv(9001, 'Provider TV M'),
  tv(639, 'Versteckt'),
  { Id: 9002, kaputt: true },
  tv(9003, 'Provider TV L'),
]

let server: Server
let baseUrl: string
const requests: string[] = []
let demo: Tenant

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://localhost')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/produkt' || url.pathname === '/produkt/') {
      const kategorie = url.searchParams.get('kategorie')
      return json(200, kategorie && kategorie !== 'tv' ? [] : PROVIDER_PRODUCTS)
    }
    const byId = /^\/produkt\/(\d+)\/?$/.exec(url.pathname)
    if (byId) {
      const found = PROVIDER_PRODUCTS.find((p) => p.Id === Number(byId[1]))
      return found ? json(200, found) : json(404, { Code: 'NichtGefunden' })
    }
    const extern = /^\/produkt\/extern\/(.+)$/.exec(url.pathname)
    if (extern) {
      const found = PROVIDER_PRODUCTS.find(
        (p) => 'ExterneId' in p && p.ExterneId === decodeURIComponent(extern[1]!),
      )
      return found ? json(200, found) : json(404, {})
    }
    json(404, {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await closeDb()
})

function withMode(produktApi: string, ProduktApiUrl = baseUrl): Tenant {
  return { ...demo, settings: { ...demo.settings, produktApi, ProduktApiUrl } }
}

describe("mode 'builtin'", () => {
  it('answers from the seeded catalogue without asking the provider', async () => {
    const before = requests.length
    const internet = await queryProducts(withMode('builtin'), 'de', {
      quelle: 'festnetz',
      kategorie: 'internet',
    })
    expect(internet.length).toBeGreaterThanOrEqual(3)
    expect((await findProduct(withMode('builtin'), 'de', { id: 462 })).Id).toBe(462)
    expect(requests.length).toBe(before)
  })
})

describe("mode 'provider'", () => {
  it("lists the provider's products in this API's shape, without hidden ids or broken entries", async () => {
    const products = await queryProducts(withMode('provider'), 'de', { quelle: 'tv', kategorie: 'tv' })
    expect(products.map((p) => p.Id)).toEqual([9001, 9003])
    expect(products[0]).toMatchObject({
      Art: 'festnetz',
      ExterneId: 'PROV-TV-9001',
      Quelle: 'tv',
      Photo: '/api/v1/demo/produkt/PROV-TV-9001/grafik',
      Praemien: [reward],
    })
    expect(products[0]).not.toHaveProperty('Zusatzfeld')
    expect(requests.at(-1)).toBe('/produkt/?quelle=tv&kategorie=tv')
  })

  it('finds one product by id and by ExterneId; unknown and hidden ids are not found', async () => {
    const tenant = withMode('provider')
    expect(await findProduct(tenant, 'de', { id: 9003 })).toMatchObject({ AnzeigeName: 'Provider TV L' })
    expect((await findProduct(tenant, 'de', { externeId: 'PROV-TV-9001' })).Id).toBe(9001)
    await expect(findProduct(tenant, 'de', { id: 4242 })).rejects.toMatchObject({ code: 'NichtGefunden' })
    await expect(findProduct(tenant, 'de', { id: 639 })).rejects.toMatchObject({ code: 'NichtGefunden' })
  })

  it('answers NetzwerkFehler when the provider does not answer', async () => {
    const down = withMode('provider', 'http://127.0.0.1:9')
    await expect(queryProducts(down, 'de')).rejects.toMatchObject({ code: 'NetzwerkFehler' })
  })
})

describe("mode 'mixed'", () => {
  it('serves internet (festnetz) and mobilfunk from the built-in catalogue, the rest from the provider', async () => {
    const tenant = withMode('mixed')
    const before = requests.length
    const internet = await queryProducts(tenant, 'de', { quelle: 'festnetz', kategorie: 'internet' })
    const mobile = await queryProducts(tenant, 'de', { quelle: 'mobilfunk', kategorie: 'tarife' })
    expect(requests.length).toBe(before)
    expect(internet.every((p) => p.Quelle === 'festnetz')).toBe(true)
    expect(mobile.length).toBeGreaterThanOrEqual(3)
    const tvProducts = await queryProducts(tenant, 'de', { quelle: 'tv', kategorie: 'tv' })
    expect(tvProducts.map((p) => p.Id)).toEqual([9001, 9003])
    const all = await queryProducts(tenant, 'de')
    expect(new Set(all.map((p) => p.Quelle))).toEqual(new Set(['festnetz', 'mobilfunk', 'tv']))
    expect(all.some((p) => p.Id === 639)).toBe(false)
    expect((await findProduct(tenant, 'de', { id: 462 })).Quelle).toBe('festnetz')
    expect((await findProduct(tenant, 'de', { id: 9001 })).Quelle).toBe('tv')
  })
})

describe('an unknown or incomplete setting', () => {
  it("fails with 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert'", async () => {
    await expect(queryProducts(withMode('katalog-x'), 'de')).rejects.toMatchObject({
      code: 'ProduktApiUnbekannt',
    })
    await expect(queryProducts(withMode('provider', ''), 'de')).rejects.toMatchObject({
      code: 'ProduktApiUnbekannt',
    })
    const de = await import('@/messages/de.json')
    expect(de.Errors.ProduktApiUnbekannt).toBe(
      'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert',
    )
  })
})
