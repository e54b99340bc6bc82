import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { closeDb } from '@/lib/engine/db'
import { praemienSchema, type PraemieEintrag } from '@/lib/contracts/rewards'
import { getRewardOrThrow, listRewards } from '@/lib/engine/catalog/list-rewards'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'

// GET /praemie in-process with an injected clock: the seeded demo periods (a current one until the end
// of next month, then an open next one, SPEC §3, §4) move from "next" to "active" on their start day;
// the list comes from the products in every product API mode, hidden products never count.

let demo: Tenant
let closed: Tenant
let server: Server
let baseUrl: string

const DAY_MS = 86_400_000
/** Noon in Germany on an ISO date (10:00 UTC is the same date in summer and winter time). */
const noonOn = (iso: string) => () => new Date(`${iso}T10:00:00Z`)
const isoOffset = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const amounts = (entries: PraemieEintrag[], aktiv: boolean) =>
  entries.filter((e) => e.Aktiv === aktiv).map((e) => e.WertCent)

/** Two TV products of a provider, with a reward of their own (mode 'provider' and 'mixed'). */
const providerTv = (Id: number, reward: { Id: number; WertCent: number }) => ({
  Id,
  ExterneId: `PROV-TV-${Id}`,
  Quelle: 'tv',
  Produktkategorie: 'tv',
  Kategorie: 'TP',
  Name: `TV ${Id}`,
  Young: false,
  Hybrid: false,
  Gruppe: 'TV',
  Klasse: 'M',
  PreisMonatlich: 4995,
  PreisEinmalig: 0,
  AnzeigeName: `Provider TV ${Id}`,
  Beschreibung1: '',
  Beschreibung2: '',
  Beschreibung3: '',
  Beschreibung4: '',
  Provision: 'standard;6000',
  TelekomProduktId: 'P-1',
  Fussnote: null,
  Preisaufteilung: 'monatlich',
  Aktionsname: '',
  Aktionsrabatt: 0,
  Praemien: [
    {
      ...reward,
      Wert: `${reward.WertCent / 100} €`,
      Startdatum: '2020-01-01',
      Enddatum: null,
      EnddatumAnzeige: null,
    },
  ],
})
const PROVIDER_PRODUCTS = [
  providerTv(9001, { Id: 90011, WertCent: 6000 }),
  providerTv(9003, { Id: 90031, WertCent: 6500 }),
]

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
  closed = await getTenantOrThrow('demo-closed')
  server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(
      JSON.stringify(
        new URL(req.url ?? '/', 'http://localhost').pathname.startsWith('/produkt') ? PROVIDER_PRODUCTS : [],
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await closeDb()
})

describe('listRewards on the seeded demo catalogues', () => {
  it('answers the active periods and the next ones, one entry per amount, the highest marked', async () => {
    const rewards = await listRewards(demo, 'de')
    expect(praemienSchema.parse(rewards)).toEqual(rewards)
    expect(amounts(rewards, true)).toEqual([11000, 9000, 8000, 7000, 5000])
    expect(amounts(rewards, false)).toEqual([11000, 9000, 8000, 7500, 5500])
    expect(rewards.filter((r) => r.Hoechstpraemie).map((r) => [r.WertCent, r.Aktiv])).toEqual([
      [11000, true],
      [11000, false],
    ])
    // 110 € today: only the largest sport package.
    expect(rewards[0]!.Produktkategorien).toEqual([{ Quelle: 'sport', Produktkategorie: 'sport' }])
    expect(rewards[0]!.Wert).toBe('110\u00a0€')

    const other = await listRewards(closed, 'en')
    expect(amounts(other, true)).toEqual([9000, 8000, 7000, 5000])
    expect(amounts(other, false)).toEqual([9000, 7500, 5500])
    expect(other[0]!.Wert).toBe('€90')
  })

  it('moves the next periods to active on their start day, and shows a period before it begins as next', async () => {
    const today = await listRewards(demo, 'de')
    const currentEnd = today.find((r) => r.Aktiv)!.Enddatum!
    const nextStart = today.find((r) => !r.Aktiv)!.Startdatum
    expect(nextStart).toBe(isoOffset(currentEnd, 1))

    // The last day of the current periods still counts (SPEC §4: the end date has not passed).
    const lastDay = await listRewards(demo, 'de', noonOn(currentEnd))
    expect(lastDay.map((r) => [r.Id, r.Aktiv])).toEqual(today.map((r) => [r.Id, r.Aktiv]))

    // From the next start day the former next periods are active, and none follows them.
    const later = await listRewards(demo, 'de', noonOn(nextStart))
    expect(amounts(later, true)).toEqual([11000, 9000, 8000, 7500, 5500])
    expect(amounts(later, false)).toEqual([])
    expect(later.every((r) => r.Startdatum === nextStart && r.Enddatum === null)).toBe(true)

    // Before the current periods begin, they are the next ones and nothing is active.
    const currentStart = today.find((r) => r.Aktiv)!.Startdatum
    const earlier = await listRewards(demo, 'de', noonOn(isoOffset(currentStart, -1)))
    expect(amounts(earlier, true)).toEqual([])
    expect(amounts(earlier, false)).toEqual([11000, 9000, 8000, 7000, 5000])
  })

  it('takes the day in German time: 23:30 UTC on the last day is already the next day', async () => {
    const today = await listRewards(demo, 'de')
    const currentEnd = today.find((r) => r.Aktiv)!.Enddatum!
    const lateEvening = await listRewards(demo, 'de', () => new Date(`${currentEnd}T23:30:00Z`))
    expect(amounts(lateEvening, true)).toEqual([11000, 9000, 8000, 7500, 5500])
  })
})

describe('getRewardOrThrow', () => {
  it("finds any period of the tenant's products, never one of a hidden product or another tenant", async () => {
    const [top] = await listRewards(demo, 'de')
    expect(await getRewardOrThrow(demo, 'de', top!.Id)).toMatchObject({ Id: top!.Id, WertCent: 11000 })
    // The next period has a picture too.
    const next = (await listRewards(demo, 'de')).find((r) => !r.Aktiv)!
    expect((await getRewardOrThrow(demo, 'de', next.Id)).WertCent).toBe(next.WertCent)
    // 6391: the current period of the legacy product 639, filtered out of every answer (SPEC §7.7).
    await expect(getRewardOrThrow(demo, 'de', 6391)).rejects.toMatchObject({ code: 'NichtGefunden' })
    await expect(getRewardOrThrow(demo, 'de', 123456789)).rejects.toMatchObject({ code: 'NichtGefunden' })
    const [closedTop] = await listRewards(closed, 'de')
    await expect(getRewardOrThrow(demo, 'de', closedTop!.Id)).rejects.toMatchObject({ code: 'NichtGefunden' })
  })
})

describe('the product API modes (SPEC §7.7)', () => {
  const withMode = (produktApi: string): Tenant => ({
    ...demo,
    settings: { ...demo.settings, produktApi, ProduktApiUrl: baseUrl },
  })

  it("mode 'provider': the provider's products and their rewards", async () => {
    const rewards = await listRewards(withMode('provider'), 'de')
    expect(rewards.map((r) => [r.Id, r.WertCent, r.Aktiv, r.Hoechstpraemie])).toEqual([
      [90031, 6500, true, true],
      [90011, 6000, true, false],
    ])
    expect(rewards[0]!.Produktkategorien).toEqual([{ Quelle: 'tv', Produktkategorie: 'tv' }])
    expect((await getRewardOrThrow(withMode('provider'), 'de', 90011)).WertCent).toBe(6000)
  })

  it("mode 'mixed': internet and mobile from the built-in catalogue, TV from the provider", async () => {
    const rewards = await listRewards(withMode('mixed'), 'de')
    const quellen = new Set(rewards.flatMap((r) => r.Produktkategorien.map((c) => c.Quelle)))
    expect(quellen).toEqual(new Set(['festnetz', 'mobilfunk', 'tv']))
    expect(amounts(rewards, true)).toEqual([9000, 8000, 7000, 6500, 6000, 5000])
    const tv = rewards.filter((r) => r.Produktkategorien.some((c) => c.Quelle === 'tv'))
    expect(tv.map((r) => r.Id)).toEqual([90031, 90011])
  })
})
