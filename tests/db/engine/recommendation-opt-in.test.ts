import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { accountTokens, recommendations, referrers } from '@/lib/db/schema'
import { issueAccountToken, TOKEN_LIFETIME_SECONDS } from '@/lib/engine/auth/one-time-token'
import { confirmParticipation } from '@/lib/engine/recommendations/confirm-participation'
import { createRecommendation } from '@/lib/engine/recommendations/create-recommendation'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import {
  deleteMissedOptIns,
  deleteMissedOptInsOnce,
  OPT_IN_WAIT_MS,
} from '@/lib/engine/recommendations/pending-opt-in'
import { resendWelcomeMail } from '@/lib/engine/referrers/resend-welcome-mail'
import { uniqueEmail } from '../support/referrers'
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

// Engine rules of recommending, continued (recommendations.test.ts): a recommendation typed in without
// login waits for the opt-in link, is nobody's until then, and goes when its time is up.

registerRecommendationHooks()

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
