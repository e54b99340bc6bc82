import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import {
  accountTokens,
  agencyInvitations,
  recommendations,
  recommendationVisits,
  referrerConsents,
  referrers,
} from '@/lib/db/schema'
import { issueAccountToken, TOKEN_LIFETIME_SECONDS } from '@/lib/engine/auth/one-time-token'
import type { Clock } from '@/lib/engine/clock'
import { confirmParticipation } from '@/lib/engine/recommendations/confirm-participation'
import {
  checkRecommendationCaptcha,
  createRecommendation,
} from '@/lib/engine/recommendations/create-recommendation'
import { getLanding, getLandingByHex, recordVisit } from '@/lib/engine/recommendations/landing'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { velocityCounters } from '@/lib/engine/recommendations/velocity'
import { reserve } from '@/lib/engine/limits/counter'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { uniqueEmail } from '../support/referrers'
import { insertInvitation } from '../support/invitations'
import {
  demo,
  at,
  DAY,
  shift,
  payload,
  fixture,
  claimsOf,
  trackByEmail,
  registerRecommendationHooks,
} from './recommendation-fixtures'

// Engine rules of recommending, in-process with an injected clock: the 60-day validity, the opt-in,
// the duplicate rule after expiry, the velocity limits, the e-mail whitelist and self-recommendation. A
// recommendation waiting for its opt-in link: recommendation-opt-in.test.ts.

registerRecommendationHooks()

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

// Two connections at once: PostgreSQL only (PGlite runs one transaction at a time).
;(process.env.DATABASE_URL ? describe : describe.skip)('an account deleted meanwhile', () => {
  it('answers PSOF0204 when the account goes while its recommendation waits for the lock', async () => {
    const referrer = await fixture()
    const clock = at('2026-12-01T09:00:00Z')
    const options = { locale: 'de' as const, ip: null, auth: claimsOf(referrer, clock), clock }
    // An invitation of the address that stays after the account (the deletion sets its referrer_id to
    // null): the recommendation's invitation progress must not name the account that is gone.
    await insertInvitation(
      referrer.email,
      { createdAt: new Date('2026-11-20T09:00:00Z'), expiresAt: new Date('2027-01-20T09:00:00Z') },
      { referrerId: referrer.id, registeredAt: new Date('2026-11-21T09:00:00Z') },
    )
    const db = await getDb()
    let creating: Promise<unknown> = Promise.resolve()
    await db.transaction(async (tx) => {
      await tx.delete(referrers).where(eq(referrers.id, referrer.id))
      // The recommendation reads the session (the account is there until this commits) and then waits
      // for the referrer's lock, which the deletion holds.
      creating = createRecommendation(demo, payload(referrer.email), options).catch((error: unknown) => error)
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    expect(await creating).toMatchObject({ code: 'PSOF0204' })
    await db.delete(agencyInvitations).where(eq(agencyInvitations.email, referrer.email))
  })
})
