import { randomUUID } from 'node:crypto'
import { rewardPlanSchema, rewardPlansSchema, type RewardPlan } from '@/lib/contracts/agency'
import { praemierungenSchema } from '@/lib/contracts/praemierung'
import { recommendationSchema } from '@/lib/contracts/recommendation'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { AGENCY_LOGINS, agencySignIn } from '../support/agency-sso'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { releaseRegisteredAccounts } from '../support/accounts'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import { confirmedFriend, orderNumber, reportOrders } from '../support/rewards'

// Praemienplan (SPEC §6; issue 17): GET, POST agentur/praemienplan and DELETE agentur/praemienplan/{id}.
// Every role sees the plans, owners (active and inactive) add and delete them; the plans of one target
// never overlap; an agency recommendation earns the plan in force when it was sent.

const PLANS = '/api/v1/demo/agentur/praemienplan'
const tokens: Record<string, string> = {}
async function tokenOf(who: keyof typeof AGENCY_LOGINS, tenant = 'demo'): Promise<string> {
  tokens[`${tenant}:${who}`] ??= (await agencySignIn(tenant, AGENCY_LOGINS[who])).token
  return tokens[`${tenant}:${who}`]!
}

const list = async (who: keyof typeof AGENCY_LOGINS = 'owner') =>
  rewardPlansSchema.parse((await call(PLANS, { token: await tokenOf(who) })).json)
const add = async (body: unknown, who: keyof typeof AGENCY_LOGINS = 'owner') =>
  call(PLANS, { method: 'POST', token: await tokenOf(who), body })
const remove = async (id: string, who: keyof typeof AGENCY_LOGINS = 'owner') =>
  call(`${PLANS}/${id}`, { method: 'DELETE', token: await tokenOf(who) })

// Periods in a year of their own far ahead, so runs on one database never meet each other's plans.
const year = 2200 + Math.floor(Math.random() * 700)
const day = (monthDay: string) => `${year}-${monthDay}`
const added: string[] = []
async function addPlan(body: Record<string, unknown>): Promise<RewardPlan> {
  const response = await add(body)
  expect(response.status).toBe(200)
  const plan = rewardPlanSchema.parse(response.json)
  added.push(plan.Id)
  return plan
}

afterAll(async () => {
  for (const id of added) await remove(id)
  await releaseRegisteredAccounts()
})

describe('reward plans (agentur/praemienplan)', () => {
  it('shows every role the plans and their states, and tells only owners that they may change them', async () => {
    const owner = await list('owner')
    expect(owner.Bearbeitbar).toBe(true)
    expect((await list('inactiveOwner')).Bearbeitbar).toBe(true)
    const employee = await list('employee')
    expect(employee.Bearbeitbar).toBe(false)
    expect(employee.Plaene).toEqual(owner.Plaene)
    // The demo agency's plans: one ended, one in force, one planned; in force first.
    const states = owner.Plaene.map((p) => p.Status)
    expect(states).toEqual(expect.arrayContaining(['Aktiv', 'Geplant', 'Beendet']))
    expect(states.indexOf('Aktiv')).toBeLessThan(states.indexOf('Beendet'))
    expect(owner.Ziele.Produkte.find((p) => p.Id === 462)?.Name).toMatch(/Zuhause M/)
    expect(owner.Ziele.Kategorien).toContainEqual({ Quelle: 'festnetz', Kategorie: 'internet' })
  })

  it('lets owners add a plan per product or category and refuses overlapping periods of one target', async () => {
    const plan = await addPlan({
      Ziel: { Art: 'Produkt', ProduktId: 463 },
      WertCent: 9_500,
      Startdatum: day('03-01'),
      Enddatum: day('03-31'),
    })
    expect(plan).toMatchObject({
      Ziel: { Art: 'Produkt', ProduktId: 463 },
      WertCent: 9_500,
      Status: 'Geplant',
      ErstelltVon: expect.stringMatching(/\S/),
    })
    expect((await list('employee')).Plaene.map((p) => p.Id)).toContain(plan.Id)

    const overlapping = await add({
      Ziel: { Art: 'Produkt', ProduktId: 463 },
      WertCent: 9_000,
      Startdatum: day('03-31'),
      Enddatum: null,
    })
    expectError(overlapping, 409, 'PraemienplanUeberschneidung')
    // The day after is free; a category plan over the same days is another target; so is another agency.
    await addPlan({ Ziel: { Art: 'Produkt', ProduktId: 463 }, WertCent: 9_000, Startdatum: day('04-01') })
    await addPlan({
      Ziel: { Art: 'Kategorie', Quelle: 'festnetz', Kategorie: 'internet' },
      WertCent: 8_000,
      Startdatum: day('03-01'),
      Enddatum: day('03-31'),
    })
    // An open plan from April on leaves no room for a later one.
    expectError(
      await add({ Ziel: { Art: 'Produkt', ProduktId: 463 }, WertCent: 1, Startdatum: day('12-01') }),
      409,
      'PraemienplanUeberschneidung',
    )
  })

  it('refuses a start in the past, an end before the start and an unknown target', async () => {
    const yesterday = germanToday(new Date(Date.now() - 86_400_000))
    const base = { Ziel: { Art: 'Produkt', ProduktId: 464 }, WertCent: 5_000 }
    expectError(await add({ ...base, Startdatum: yesterday }), 400, 'PraemienplanStartVergangen')
    expectError(
      await add({ ...base, Startdatum: day('05-10'), Enddatum: day('05-09') }),
      400,
      'PraemienplanZeitraumUngueltig',
    )
    expectError(
      await add({ ...base, Ziel: { Art: 'Produkt', ProduktId: 999_999 }, Startdatum: day('05-10') }),
      400,
      'PraemienplanZielUnbekannt',
    )
    expectError(
      await add({
        ...base,
        Ziel: { Art: 'Kategorie', Quelle: 'festnetz', Kategorie: 'gibt-es-nicht' },
        Startdatum: day('05-10'),
      }),
      400,
      'PraemienplanZielUnbekannt',
    )
  })

  it.each([
    ['a negative amount', { WertCent: -1 }],
    ['a fraction of a cent', { WertCent: 10.5 }],
    ['a day that does not exist', { Startdatum: `${year}-02-30` }],
    ['an unknown field', { Kommentar: 'x' }],
    ['a target of no kind', { Ziel: { Art: 'Agent', ProduktId: 463 } }],
    ['a product target with a category', { Ziel: { Art: 'Produkt', ProduktId: 463, Quelle: 'tv' } }],
    ['a product id beyond the id column', { Ziel: { Art: 'Produkt', ProduktId: 3_000_000_000 } }],
    ['a product id beyond exact numbers', { Ziel: { Art: 'Produkt', ProduktId: Number.MAX_SAFE_INTEGER } }],
    ['a year 0', { Startdatum: '0000-01-01' }],
    ['an end in month 13', { Enddatum: `${year + 1}-13-01` }],
  ])('refuses %s (400) and stores nothing', async (_, change) => {
    const before = (await list()).Plaene.length
    const response = await add({
      Ziel: { Art: 'Produkt', ProduktId: 464 },
      WertCent: 5_000,
      Startdatum: day('06-01'),
      ...change,
    })
    expectError(response, 400, 'UngueltigeEingabe')
    expect((await list()).Plaene).toHaveLength(before)
  })

  it('deletes a planned plan for owners only; an ended plan stays; another agency never finds it', async () => {
    const plan = await addPlan({
      Ziel: { Art: 'Produkt', ProduktId: 464 },
      WertCent: 7_700,
      Startdatum: day('07-01'),
    })
    expectError(await remove(plan.Id, 'employee'), 403, 'NichtAuthorisiert')
    expectError(
      await add(
        { Ziel: { Art: 'Produkt', ProduktId: 464 }, WertCent: 1, Startdatum: day('08-01') },
        'employee',
      ),
      403,
      'NichtAuthorisiert',
    )
    const nordlicht = await tokenOf('otherAgency', 'demo-closed')
    const foreign = await call(`/api/v1/demo-closed/agentur/praemienplan/${plan.Id}`, {
      method: 'DELETE',
      token: nordlicht,
    })
    expectError(foreign, 404, 'NichtGefunden')
    // A token of the other tenant is no session here.
    expectError(await call(`${PLANS}/${plan.Id}`, { method: 'DELETE', token: nordlicht }), 401, 'PSOF0204')

    const deleted = await remove(plan.Id, 'inactiveOwner')
    expect(deleted.status).toBe(200)
    expect(rewardPlanSchema.parse(deleted.json).Id).toBe(plan.Id)
    expect((await list()).Plaene.map((p) => p.Id)).not.toContain(plan.Id)
    expectError(await remove(plan.Id), 404, 'NichtGefunden')
    expectError(await remove(randomUUID()), 404, 'NichtGefunden')
    expectError(await remove('kein-plan'), 400, 'UngueltigeEingabe')
    // The period is free again.
    await addPlan({ Ziel: { Art: 'Produkt', ProduktId: 464 }, WertCent: 7_800, Startdatum: day('07-01') })

    const ended = (await list()).Plaene.find((p) => p.Status === 'Beendet')
    if (ended) expectError(await remove(ended.Id), 409, 'PraemienplanBeendet')
  })

  it('refuses every call without an agency token', async () => {
    expectError(await call(PLANS), 401, 'PSOF0204')
    expectError(await call(PLANS, { token: 'gefälscht' }), 401, 'PSOF0204')
    const referrer = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await call(PLANS, { token: referrer.token }), 403, 'NichtAuthorisiert')
    expectError(
      await call(PLANS, {
        method: 'POST',
        token: referrer.token,
        body: { Ziel: { Art: 'Produkt', ProduktId: 463 }, WertCent: 1, Startdatum: day('09-01') },
      }),
      403,
      'NichtAuthorisiert',
    )
    expectError(await call(PLANS, { token: await tokenOf('otherAgency', 'demo-closed') }), 401, 'PSOF0204')
  })
})

describe('the reward of an agency recommendation', () => {
  async function promised(shared: Shared): Promise<number | undefined> {
    const own = recommendationSchema.parse(
      (await call(`/api/v1/demo/empfehlen/${shared.nr}`, { token: shared.token })).json,
    )
    return own.Praemie?.WertCent
  }

  async function orderRewards(shared: Shared, produkt: number) {
    const friend = await confirmedFriend(shared)
    const reported = await reportOrders('demo', [
      {
        Auftragsnummer: orderNumber(),
        Empfaengernummer: friend.empfaengernummer,
        ProduktId: produkt,
        Auftragsdatum: germanToday(),
        Status: 'Offen',
      },
    ])
    expect(reported.status).toBe(200)
    const own = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: shared.token })).json,
    )
    return own.Praemien.filter((p) => p.Empfehlungsnummer === shared.nr).map((p) => p.WertCent)
  }

  it('is the plan in force when it was sent, kept after the plan is deleted; without a plan the programme’s', async () => {
    const direct = await sharedRecommendation('plan-direkt', { produkt: 1998, anteil: 100 })
    const programme = await promised(direct)
    const plan = await addPlan({
      Ziel: { Art: 'Produkt', ProduktId: 1998 },
      WertCent: 13_300,
      Startdatum: germanToday(),
    })
    const sent = await sharedRecommendation('plan-agentur', {
      produkt: 1998,
      anteil: 100,
      agentNumber: 'SV-1002',
    })
    expect(await promised(sent)).toBe(13_300)
    // Without an agent's number the programme's reward stays.
    const stillDirect = await sharedRecommendation('plan-ohne', { produkt: 1998, anteil: 100 })
    expect(await promised(stillDirect)).toBe(programme)

    expect((await remove(plan.Id)).status).toBe(200)
    const after = await sharedRecommendation('plan-danach', {
      produkt: 1998,
      anteil: 100,
      agentNumber: 'SV-1002',
    })
    expect(await promised(after)).toBe(programme)
    // The order of the recommendation sent under the plan earns the plan's reward, the later one not.
    expect(await orderRewards(sent, 1998)).toEqual([13_300])
    expect(await orderRewards(after, 1998)).toEqual([programme])
  })
})
