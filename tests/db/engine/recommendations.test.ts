import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import {
  accountTokens,
  recommendations,
  recommendationVisits,
  referrerConsents,
  referrers,
} from '@/lib/db/schema'
import type { CreateRecommendationInput } from '@/lib/contracts/recommendation'
import { createRecommendationRequestSchema } from '@/lib/contracts/recommendation'
import { issueAccountToken, TOKEN_LIFETIME_SECONDS } from '@/lib/engine/auth/one-time-token'
import { readToken, issueToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { confirmParticipation } from '@/lib/engine/recommendations/confirm-participation'
import {
  checkRecommendationCaptcha,
  createRecommendation,
} from '@/lib/engine/recommendations/create-recommendation'
import { getLanding, getLandingByHex, recordVisit } from '@/lib/engine/recommendations/landing'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import {
  deleteMissedOptIns,
  deleteMissedOptInsOnce,
  OPT_IN_WAIT_MS,
} from '@/lib/engine/recommendations/pending-opt-in'
import { resendWelcomeMail } from '@/lib/engine/referrers/resend-welcome-mail'
import { velocityCounters } from '@/lib/engine/recommendations/velocity'
import { reserve } from '@/lib/engine/limits/counter'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import {
  createReferrer,
  deleteReferrer,
  deleteTestMails,
  uniqueEmail,
  type FixtureReferrer,
} from '../support/referrers'

// Engine rules of recommending, in-process with an injected clock: the 60-day validity, the opt-in,
// the duplicate rule after expiry, the velocity limits, the e-mail whitelist and self-recommendation.

let demo: Tenant
const created: string[] = []
const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)
const DAY = 86_400_000
const shift =
  (clock: Clock, ms: number): Clock =>
  () =>
    new Date(clock().getTime() + ms)

function payload(email: string, overrides: Partial<CreateRecommendationInput['Empfehlung']> = {}) {
  return createRecommendationRequestSchema.parse({
    Empfehlung: {
      Produkt: 462,
      AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
      AnteilEmpfehler: 100,
      ...overrides,
    },
    Empfehler: { Vorname: 'Jest', Nachname: 'Engine', Email: email },
  })
}

async function fixture(): Promise<FixtureReferrer> {
  const referrer = await createReferrer(await getDb(), 'demo')
  created.push(referrer.id)
  return referrer
}

function claimsOf(referrer: FixtureReferrer, clock: Clock) {
  const token = issueToken(
    { ten: 'demo', sub: referrer.id, role: 'referrer', sv: referrer.sessionVersion },
    { clock },
  )
  return readToken(token, clock)!
}

async function trackByEmail(email: string) {
  const [row] = await (await getDb()).select().from(referrers).where(eq(referrers.email, email))
  if (row) created.push(row.id)
  return row
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

const startedAt = new Date()

afterAll(async () => {
  const db = await getDb()
  for (const id of created) await deleteReferrer(db, id)
  await deleteTestMails(db, startedAt)
  await closeDb()
})

describe('validity', () => {
  it('is 60 days from the creation for a logged-in referrer; then Abgelaufen, and the product can be recommended again', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-01T09:00:00Z')
    const auth = claimsOf(referrer, clock)
    const options = { locale: 'de' as const, ip: null, auth, clock }
    const first = await createRecommendation(demo, payload(referrer.email), options)
    expect(first.Status).toBe('Ok')
    expect(first.GueltigBis).toBe(new Date(clock().getTime() + 60 * DAY).toISOString())
    // The reward period in force on that day is recorded.
    expect(first.Praemie).toMatchObject({ WertCent: 7000 })

    const lastMoment = shift(clock, 60 * DAY - 1000)
    const [stillValid] = await listRecommendations(demo, auth, lastMoment)
    expect(stillValid?.Status).toBe('Ok')
    await expect(
      createRecommendation(demo, payload(referrer.email), { ...options, clock: lastMoment }),
    ).rejects.toMatchObject({ code: 'EmpfehlungExists' })

    const expired = shift(clock, 60 * DAY)
    const later = claimsOf(referrer, expired)
    const [old] = await listRecommendations(demo, later, expired)
    expect(old?.Status).toBe('Abgelaufen')
    const second = await createRecommendation(demo, payload(referrer.email), {
      ...options,
      auth: later,
      clock: expired,
    })
    expect(second.Status).toBe('Ok')
    expect(second.Empfehlungsnummer).not.toBe(first.Empfehlungsnummer)
  })

  it('starts with the opt-in for a referrer who recommended without login', async () => {
    const email = uniqueEmail('optin')
    const created = at('2026-12-01T09:00:00Z')
    await expect(
      createRecommendation(demo, payload(email), { locale: 'de', ip: null, auth: null, clock: created }),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const referrer = (await trackByEmail(email))!
    expect(referrer.passwordHash).toBeNull()
    expect(referrer.confirmedAt).toBeNull()
    const db = await getDb()
    const [pending] = await db
      .select()
      .from(recommendations)
      .where(eq(recommendations.referrerId, referrer.id))
    // It waits for the opt-in as long as the mailed link works.
    expect(pending).toMatchObject({
      activatedAt: null,
      expiresAt: new Date(created().getTime() + TOKEN_LIFETIME_SECONDS.participation * 1000),
      anteilEmpfehler: 100,
    })
    // The accepted terms are stored with their text.
    const consents = await db
      .select()
      .from(referrerConsents)
      .where(eq(referrerConsents.referrerId, referrer.id))
    expect(consents).toEqual([
      expect.objectContaining({
        kind: 'terms',
        action: 'accepted',
        text: 'Ich akzeptiere die Teilnahmebedingungen.',
      }),
    ])

    // Confirmed three days later: valid for 60 days from then.
    const confirmedAt = shift(created, 3 * DAY)
    const { token } = await issueAccountToken(db, {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'participation',
      clock: confirmedAt,
    })
    const answer = await confirmParticipation(demo, token, confirmedAt)
    expect(answer.Empfehlungsnummer).toBe(pending!.nummer)
    const [active] = await db.select().from(recommendations).where(eq(recommendations.id, pending!.id))
    expect(active!.activatedAt).toEqual(confirmedAt())
    expect(active!.expiresAt).toEqual(new Date(confirmedAt().getTime() + 60 * DAY))
    const [confirmed] = await db.select().from(referrers).where(eq(referrers.id, referrer.id))
    expect(confirmed!.confirmedAt).toEqual(confirmedAt())
    // The participation link is single-use.
    const tokens = await db.select().from(accountTokens).where(eq(accountTokens.referrerId, referrer.id))
    const used = tokens.filter((t) => t.purpose === 'participation' && t.usedAt !== null)
    expect(used.map((t) => t.usedAt)).toEqual([confirmedAt()])
  })
})

describe('the recipient’s view', () => {
  it('turns Abgelaufen after the validity and counts a visitor once a day', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-05T10:00:00Z')
    const created = await createRecommendation(demo, payload(referrer.email, { AnteilEmpfehler: 0 }), {
      locale: 'de',
      ip: null,
      auth: claimsOf(referrer, clock),
      clock,
    })
    const nr = created.Empfehlungsnummer
    const landing = await getLanding(demo, nr, clock)
    // The friend gets the whole reward, capped by the demo tenant's 55 €.
    expect(landing).toMatchObject({ Status: 'Ok', PraemieEmpfaengerCent: 5500, PraemieEmpfehlerCent: 0 })
    expect((await getLanding(demo, nr, shift(clock, 60 * DAY - 1000))).Status).toBe('Ok')
    expect((await getLanding(demo, nr, shift(clock, 60 * DAY))).Status).toBe('Abgelaufen')
    await expect(
      getLandingByHex(demo, nr, created.Hex, { any: false, clock: shift(clock, 60 * DAY) }),
    ).rejects.toMatchObject({ code: 'EmpfehlungAbgelaufen' })

    const visit = (ip: string, at: Clock) => recordVisit(demo, nr, { kind: 'landing', ip, clock: at })
    await visit('203.0.113.5', clock)
    await visit('203.0.113.5', shift(clock, 3600_000))
    await visit('203.0.113.6', clock)
    await visit('203.0.113.5', shift(clock, DAY))
    const db = await getDb()
    const [row] = await db.select().from(recommendations).where(eq(recommendations.nummer, nr))
    const visits = await db
      .select()
      .from(recommendationVisits)
      .where(eq(recommendationVisits.recommendationId, row!.id))
    expect(visits).toHaveLength(3)
    // No address is kept.
    expect(JSON.stringify(visits)).not.toContain('203.0.113')
  })
})

describe('velocity', () => {
  it('asks a referrer for a captcha from the 6th recommendation of a day and refuses the 21st', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-02T08:00:00Z')
    const auth = claimsOf(referrer, clock)
    const db = await getDb()
    // Recommendations of the last day, counted directly (the per-day count is what is tested).
    const { counters } = velocityCounters(demo.settings, { email: referrer.email, ip: null })
    const earlier = async (from: number, to: number) => {
      for (let i = from; i < to; i++)
        await (await reserve(db, 'demo', counters, shift(clock, -(20 - i) * 60_000)())).count()
    }
    await earlier(0, 5)
    expect(await checkRecommendationCaptcha(demo, { auth, ip: null, clock })).toBe('captcha')
    await expect(
      createRecommendation(demo, payload(referrer.email), {
        locale: 'de',
        ip: null,
        auth,
        clock,
      }),
    ).rejects.toMatchObject({ code: 'CaptchaRequired' })
    // A day later the count starts again.
    const nextDay = shift(clock, DAY)
    expect(
      await checkRecommendationCaptcha(demo, { auth: claimsOf(referrer, nextDay), ip: null, clock: nextDay }),
    ).toBe('ok')
    // 20 within the day: refused outright.
    await earlier(5, 20)
    expect(await checkRecommendationCaptcha(demo, { auth, ip: null, clock })).toBe('refuse')
    await expect(
      createRecommendation(demo, payload(referrer.email), { locale: 'de', ip: null, auth, clock }),
    ).rejects.toMatchObject({ code: 'ZuVieleAnfragen' })
  })

  it('counts per client IP within the hour', async () => {
    const clock = at('2026-12-03T08:00:00Z')
    // An address of its own: the database may be shared by earlier runs with the same clock.
    const ip = `2001:db8:${randomUUID().slice(0, 4)}::${randomUUID().slice(0, 4)}`
    const limit = demo.settings.RecommendationLimits.PerIpPerHourCaptcha
    for (let i = 0; i < limit; i++) {
      const email = uniqueEmail(`ip-${i}`)
      await expect(
        createRecommendation(demo, payload(email), {
          locale: 'de',
          ip,
          auth: null,
          clock: shift(clock, i * 1000),
        }),
      ).rejects.toMatchObject({ code: 'OptInRequired' })
      await trackByEmail(email)
    }
    expect(
      await checkRecommendationCaptcha(demo, { auth: null, ip, clock: shift(clock, limit * 1000) }),
    ).toBe('captcha')
    expect(await checkRecommendationCaptcha(demo, { auth: null, ip: `${ip}1`, clock })).toBe('ok')
    // An hour after the first ones, the window has moved on.
    expect(
      await checkRecommendationCaptcha(demo, {
        auth: null,
        ip,
        clock: shift(clock, 3600_000 + limit * 1000),
      }),
    ).toBe('ok')
  })
})

describe('eligibility', () => {
  it('refuses an e-mail outside the tenant whitelist with EmailNotAllowed', async () => {
    const closed: Tenant = {
      ...demo,
      settings: { ...demo.settings, EmailWhitelist: ['*@partner.example', 'kunden.example'] },
    }
    const options = { locale: 'de' as const, ip: null, auth: null }
    await expect(createRecommendation(closed, payload(uniqueEmail('fremd')), options)).rejects.toMatchObject({
      code: 'EmailNotAllowed',
    })
    const allowed = `jest-${Date.now()}@kunden.example`
    await expect(createRecommendation(closed, payload(allowed), options)).rejects.toMatchObject({
      code: 'OptInRequired',
    })
    await trackByEmail(allowed)
  })

  it('allows a self-recommendation only where the tenant allows it', async () => {
    const email = uniqueEmail('selbst')
    const body = { ...payload(email), Empfaenger: { Vorname: 'Ich', Email: email } }
    const options = { locale: 'de' as const, ip: null, auth: null }
    await expect(createRecommendation(demo, body, options)).rejects.toMatchObject({
      code: 'EmailEmpfehlerGleichEmpfaenger',
    })
    const lenient: Tenant = { ...demo, settings: { ...demo.settings, AllowSelfRecommendation: true } }
    await expect(createRecommendation(lenient, body, options)).rejects.toMatchObject({
      code: 'OptInRequired',
    })
    await trackByEmail(email)
  })

  it('records the campaign decisions with their legal text; unknown campaigns are refused', async () => {
    const referrer = await fixture()
    const auth = claimsOf(referrer, () => new Date())
    const options = { locale: 'de' as const, ip: null, auth }
    await expect(
      createRecommendation(
        demo,
        payload(referrer.email, { Aktionen: [{ AktionsId: 999, Zustimmung: true }] }),
        options,
      ),
    ).rejects.toMatchObject({ code: 'UngueltigeEingabe' })
    await createRecommendation(
      demo,
      payload(referrer.email, { Aktionen: [{ AktionsId: 1, Zustimmung: true }] }),
      options,
    )
    const consents = await (
      await getDb()
    )
      .select()
      .from(referrerConsents)
      .where(eq(referrerConsents.referrerId, referrer.id))
    expect(consents.map((c) => [c.kind, c.action])).toEqual(
      expect.arrayContaining([
        ['terms', 'accepted'],
        ['campaign:1', 'accepted'],
      ]),
    )
    expect(consents.find((c) => c.kind === 'campaign:1')?.text).toMatch(/Winter-Gewinnspiel/)
  })
})

describe('a recommendation waiting for the opt-in', () => {
  // Anyone can type anyone's e-mail into the form without login: until the mailed link confirms it, such
  // a recommendation is nobody's. It waits as long as the link works, is not listed in the account and
  // never blocks the owner.

  const stranger = (email: string, Vorname = 'Fremd') => ({
    ...payload(email),
    Empfaenger: { Vorname, Nachname: 'Gewählt' },
  })
  const rowsOf = async (referrerId: string) =>
    (await getDb())
      .select()
      .from(recommendations)
      .where(and(eq(recommendations.referrerId, referrerId), eq(recommendations.produktId, 462)))

  it('waits as long as the participation link works, not a minute less, and the job deletes it once', async () => {
    expect(OPT_IN_WAIT_MS).toBe(TOKEN_LIFETIME_SECONDS.participation * 1000)
    const email = uniqueEmail('wartet')
    const created = at('2026-12-10T09:00:00Z')
    await expect(
      createRecommendation(demo, stranger(email), { locale: 'de', ip: null, auth: null, clock: created }),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const referrer = (await trackByEmail(email))!
    const [pending] = await rowsOf(referrer.id)
    const db = await getDb()
    const [link] = await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.referrerId, referrer.id), eq(accountTokens.purpose, 'participation')))
    // The same moment as the link in the mail.
    expect(pending!.expiresAt).toEqual(link!.expiresAt)

    const deadline = new Date(created().getTime() + OPT_IN_WAIT_MS)
    await deleteMissedOptIns(db, new Date(deadline.getTime() - 60_000))
    expect(await rowsOf(referrer.id)).toHaveLength(1)

    const first = await deleteMissedOptIns(db, deadline)
    expect(first.demo).toBeGreaterThanOrEqual(1)
    expect(await rowsOf(referrer.id)).toEqual([])
    // The account row the stranger's typing made, with the names they chose, goes with it.
    expect(await trackByEmail(email)).toBeUndefined()
    // Idempotent: nothing more to do.
    expect(await deleteMissedOptIns(db, deadline)).toEqual({})
  })

  it('keeps every account that someone claimed: confirmed, with a password, or logged in', async () => {
    const db = await getDb()
    const longAgo = new Date(Date.UTC(2026, 0, 1))
    const now = new Date(longAgo.getTime() + 30 * DAY)
    const row = (name: string, extra: Partial<typeof referrers.$inferInsert>) => ({
      tenantSlug: 'demo',
      email: uniqueEmail(name),
      vorname: 'Alt',
      nachname: 'Konto',
      createdAt: longAgo,
      ...extra,
    })
    const rows = [
      row('unclaimed', {}),
      row('confirmed', { confirmedAt: longAgo }),
      row('password', { passwordHash: 'argon2-hash' }),
      row('loggedin', { lastLoginAt: longAgo }),
    ]
    await db.insert(referrers).values(rows)
    await deleteMissedOptIns(db, now)
    const left = await Promise.all(rows.map((r) => trackByEmail(r.email)))
    expect(left.map((r) => r?.email ?? null)).toEqual([null, rows[1]!.email, rows[2]!.email, rows[3]!.email])
  })

  it('waits as long as a link sent again works', async () => {
    const email = uniqueEmail('nochmal')
    const created = at('2026-12-11T09:00:00Z')
    await expect(
      createRecommendation(demo, payload(email), { locale: 'de', ip: null, auth: null, clock: created }),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const referrer = (await trackByEmail(email))!
    const resent = shift(created, 6 * DAY)
    await resendWelcomeMail(demo, email, resent)
    const [pending] = await rowsOf(referrer.id)
    expect(pending!.expiresAt).toEqual(new Date(resent().getTime() + OPT_IN_WAIT_MS))
    await deleteMissedOptIns(await getDb(), shift(created, OPT_IN_WAIT_MS)())
    expect(await rowsOf(referrer.id)).toHaveLength(1)
  })

  it('is not activated by a participation link used after its time', async () => {
    const email = uniqueEmail('verpasst')
    const created = at('2026-12-12T09:00:00Z')
    await expect(
      createRecommendation(demo, payload(email), { locale: 'de', ip: null, auth: null, clock: created }),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const referrer = (await trackByEmail(email))!
    // A link issued later (say, for a recommendation of another product) confirms the account, not
    // the one whose time is up.
    const late = shift(created, OPT_IN_WAIT_MS + 1000)
    const { token } = await issueAccountToken(await getDb(), {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'participation',
      clock: late,
    })
    const answer = await confirmParticipation(demo, token, late)
    expect(answer.Empfehlungsnummer).toBeNull()
    const [missed] = await rowsOf(referrer.id)
    expect(missed!.activatedAt).toBeNull()
  })

  it('is deleted by the hourly job once per slot across servers', async () => {
    const db = await getDb()
    // A slot of its own (the database may be shared by several test runs): some hour in a year long
    // past, when there is nothing to delete.
    const year = 1100 + Math.floor(Math.random() * 800)
    const runs = await Promise.all([
      deleteMissedOptInsOnce(db, new Date(Date.UTC(year, 2, 1, 7, 5))),
      deleteMissedOptInsOnce(db, new Date(Date.UTC(year, 2, 1, 7, 55))),
    ])
    expect(runs.filter((r) => r !== null)).toEqual([{}])
  })

  it('never blocks the logged-in owner, is not listed as theirs, and goes when the owner recommends', async () => {
    const owner = await fixture()
    const clock = at('2026-12-14T09:00:00Z')
    await expect(
      createRecommendation(demo, stranger(owner.email), {
        locale: 'de',
        ip: '198.51.100.7',
        auth: null,
        clock,
      }),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const [foreign] = await rowsOf(owner.id)
    expect(foreign).toMatchObject({ activatedAt: null, empfaenger: { Vorname: 'Fremd' } })

    const later = shift(clock, 3600_000)
    const auth = claimsOf(owner, later)
    expect(await listRecommendations(demo, auth, later)).toEqual([])

    const own = await createRecommendation(demo, payload(owner.email), {
      locale: 'de',
      ip: '203.0.113.9',
      auth,
      clock: later,
    })
    expect(own.Status).toBe('Ok')
    expect((await listRecommendations(demo, auth, later)).map((r) => r.Empfehlungsnummer)).toEqual([
      own.Empfehlungsnummer,
    ])
    // The stranger's recommendation, with the friend's name the stranger chose, is gone.
    const rows = await rowsOf(owner.id)
    expect(rows.map((r) => r.nummer)).toEqual([own.Empfehlungsnummer])
    expect(JSON.stringify(rows)).not.toContain('Fremd')
  })

  it('tells the same client to use the mail link; a request from elsewhere replaces it', async () => {
    const email = uniqueEmail('ersetzt')
    const clock = at('2026-12-15T09:00:00Z')
    const options = (ip: string, minutes: number) => ({
      locale: 'de' as const,
      ip,
      auth: null,
      clock: shift(clock, minutes * 60_000),
    })
    await expect(
      createRecommendation(demo, stranger(email, 'Erster'), options('198.51.100.20', 0)),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const referrer = (await trackByEmail(email))!
    // SPEC §8: the same person asking again before confirming.
    await expect(
      createRecommendation(demo, stranger(email, 'Erster'), options('198.51.100.20', 1)),
    ).rejects.toMatchObject({ code: 'EmpfehlungExistsAndOptInRequired' })
    // The owner (or anyone) from elsewhere: a new mail, and the newest request is the one that waits.
    await expect(
      createRecommendation(demo, stranger(email, 'Zweiter'), options('203.0.113.30', 2)),
    ).rejects.toMatchObject({ code: 'OptInRequired' })
    const rows = await rowsOf(referrer.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.empfaenger).toMatchObject({ Vorname: 'Zweiter' })

    // The link confirms that one.
    const confirmedAt = shift(clock, 10 * 60_000)
    const { token } = await issueAccountToken(await getDb(), {
      tenantSlug: 'demo',
      referrerId: referrer.id,
      purpose: 'participation',
      clock: confirmedAt,
    })
    const answer = await confirmParticipation(demo, token, confirmedAt)
    expect(answer.Empfehlungsnummer).toBe(rows[0]!.nummer)
    // Confirmed, it blocks a second one as before.
    await expect(
      createRecommendation(demo, payload(email), options('203.0.113.31', 11)),
    ).rejects.toMatchObject({ code: 'EmpfehlungExists' })
  })
})
