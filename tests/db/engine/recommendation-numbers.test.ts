import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { mailOutbox, recommendations, referrerConsents } from '@/lib/db/schema'
import { createRecommendation } from '@/lib/engine/recommendations/create-recommendation'
import { newRecommendationNumber } from '@/lib/engine/recommendations/recommendation-codes'
import { at, claimsOf, demo, fixture, payload, registerRecommendationHooks } from './recommendation-fixtures'

// A recommendation's number is drawn at random before its insert, which also writes its consents and
// the mail with its link. A number that is taken already rolls all of that back and draws again.

jest.mock('@/lib/engine/recommendations/recommendation-codes', () => {
  const actual = jest.requireActual('@/lib/engine/recommendations/recommendation-codes')
  // At random unless a test says otherwise (the demo data seeded with the database draws numbers too).
  return { ...actual, newRecommendationNumber: jest.fn(actual.newRecommendationNumber) }
})
const drawn = jest.mocked(newRecommendationNumber)
const { newRecommendationNumber: draw } = jest.requireActual<
  typeof import('@/lib/engine/recommendations/recommendation-codes')
>('@/lib/engine/recommendations/recommendation-codes')

registerRecommendationHooks()

// Random again before each test, unless the test says otherwise.
beforeEach(() => drawn.mockImplementation(draw))

async function storedFor(referrerId: string, email: string) {
  const db = await getDb()
  return {
    recommendations: await db
      .select()
      .from(recommendations)
      .where(eq(recommendations.referrerId, referrerId)),
    consents: await db.select().from(referrerConsents).where(eq(referrerConsents.referrerId, referrerId)),
    mails: await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'recommendationCreated'))),
  }
}

/** A logged-in referrer's first recommendation, and how the same referrer recommends a second product. */
async function referrerWithOneRecommendation() {
  const referrer = await fixture()
  const clock = at('2026-12-01T09:00:00Z')
  const options = { locale: 'de' as const, ip: null, auth: claimsOf(referrer, clock), clock }
  const first = await createRecommendation(demo, payload(referrer.email), options)
  const recommendAnother = () =>
    createRecommendation(demo, payload(referrer.email, { Produkt: 461 }), options)
  return { referrer, first, recommendAnother }
}

it('draws a new number when the drawn one is taken, and keeps one recommendation, its consent and one mail', async () => {
  const { referrer, first, recommendAnother } = await referrerWithOneRecommendation()

  drawn.mockClear().mockReturnValueOnce(first.Empfehlungsnummer)
  const second = await recommendAnother()
  expect(second.Empfehlungsnummer).not.toBe(first.Empfehlungsnummer)
  expect(drawn).toHaveBeenCalledTimes(2)

  const stored = await storedFor(referrer.id, referrer.email)
  expect(stored.recommendations.map((r) => r.nummer).sort()).toEqual(
    [first.Empfehlungsnummer, second.Empfehlungsnummer].sort(),
  )
  expect(stored.consents).toHaveLength(2)
  expect(stored.mails).toHaveLength(2)
  // The second mail carries the number that was stored, not the one that was taken.
  expect(stored.mails.filter((m) => m.text.includes(second.Empfehlungsnummer))).toHaveLength(1)
})

it('gives up after five taken numbers, with nothing of the recommendation stored', async () => {
  const { referrer, first, recommendAnother } = await referrerWithOneRecommendation()

  drawn.mockClear().mockReturnValue(first.Empfehlungsnummer)
  await expect(recommendAnother()).rejects.toMatchObject({ code: 'Default' })
  expect(drawn).toHaveBeenCalledTimes(5)

  const stored = await storedFor(referrer.id, referrer.email)
  expect(stored.recommendations).toHaveLength(1)
  expect(stored.consents).toHaveLength(1)
  expect(stored.mails).toHaveLength(1)
})
