import { eq, inArray } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { agencyInvitations } from '@/lib/db/schema'
import { noteRecommendationOfInvited } from '@/lib/engine/agency/invitations/invitation-progress'
import { answeredAgency } from '@/lib/engine/agency/attribution'
import { agencyIdOf, insertInvitation } from '../support/invitations'
import { createReferrer, deleteReferrer, uniqueEmail } from '../support/referrers'

// A recommendation of an invited address, in one statement: the invitations of the address record the
// registration and the first recommendation (once), and the agency that invited it most recently with a
// link still valid is the recommendation's.

/** The recommendation's statement on its own, and the inviting agency it answers. */
const noted = async (args: Parameters<typeof noteRecommendationOfInvited>[0]) =>
  answeredAgency(await (await getDb()).execute(noteRecommendationOfInvited(args)))
const DAY = 86_400_000
const NOW = new Date('2026-11-30T10:00:00Z')
const emails: string[] = []
const referrerIds: string[] = []

const invite = (
  email: string,
  agency: string,
  createdAt: Date,
  expiresAt: Date,
  steps: { registeredAt?: Date; openedAt?: Date } = {},
) => insertInvitation(email, { createdAt, expiresAt }, { agency, ...steps })

async function referrerFor(label: string, createdAt?: Date) {
  const email = uniqueEmail(label)
  emails.push(email)
  const referrer = await createReferrer(await getDb(), 'demo', { email, ...(createdAt ? { createdAt } : {}) })
  referrerIds.push(referrer.id)
  return referrer
}

const rowsOf = async (email: string) =>
  (await getDb())
    .select()
    .from(agencyInvitations)
    .where(eq(agencyInvitations.email, email))
    .orderBy(agencyInvitations.createdAt)

afterAll(async () => {
  const db = await getDb()
  await db.delete(agencyInvitations).where(inArray(agencyInvitations.email, emails))
  for (const id of referrerIds) await deleteReferrer(db, id)
  await closeDb()
})

it('records the steps on every invitation of the address and answers the latest valid invitation’s agency', async () => {
  const referrer = await referrerFor('invited')
  await invite(
    referrer.email,
    'nordlicht',
    new Date(NOW.getTime() - 20 * DAY),
    new Date(NOW.getTime() + 40 * DAY),
  )
  await invite(
    referrer.email,
    'sonnenschein',
    new Date(NOW.getTime() - 5 * DAY),
    new Date(NOW.getTime() + 55 * DAY),
  )
  const args = { tenantSlug: 'demo', email: referrer.email.toUpperCase(), referrerId: referrer.id, now: NOW }
  expect(await noted(args)).toBe(await agencyIdOf('sonnenschein'))
  for (const row of await rowsOf(referrer.email))
    expect(row).toMatchObject({ registeredAt: NOW, firstRecommendationAt: NOW, referrerId: referrer.id })
  // A later recommendation keeps the first one's time.
  const later = new Date(NOW.getTime() + DAY)
  expect(await noted({ ...args, now: later })).toBe(await agencyIdOf('sonnenschein'))
  for (const row of await rowsOf(referrer.email)) expect(row.firstRecommendationAt).toEqual(NOW)
})

it('records the steps of an expired invitation but gives its agency nothing', async () => {
  const referrer = await referrerFor('expired')
  const registered = new Date(NOW.getTime() - 70 * DAY)
  await invite(
    referrer.email,
    'sonnenschein',
    new Date(NOW.getTime() - 90 * DAY),
    new Date(NOW.getTime() - DAY),
    {
      registeredAt: registered,
    },
  )
  const args = { tenantSlug: 'demo', email: referrer.email, referrerId: referrer.id, now: NOW }
  expect(await noted(args)).toBeNull()
  const [row] = await rowsOf(referrer.email)
  // Registered before: that step keeps its time; the first recommendation is recorded now.
  expect(row).toMatchObject({ registeredAt: registered, firstRecommendationAt: NOW, referrerId: referrer.id })
})

it('answers null for an address nobody invited, and for the same address in another tenant', async () => {
  const referrer = await referrerFor('uninvited')
  const args = { tenantSlug: 'demo', email: referrer.email, referrerId: referrer.id, now: NOW }
  expect(await noted(args)).toBeNull()
  await invite(referrer.email, 'sonnenschein', new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + DAY))
  expect(await noted({ ...args, tenantSlug: 'demo-closed' })).toBeNull()
  const [row] = await rowsOf(referrer.email)
  expect(row).toMatchObject({ registeredAt: null, firstRecommendationAt: null, referrerId: null })
})

it('gives an agency no referrer who was one before its invitation, unless they opened its link', async () => {
  // Anyone can invite any address (the public form): the invitation alone hands nobody over.
  const referrer = await referrerFor('existing', new Date(NOW.getTime() - 10 * DAY))
  await invite(
    referrer.email,
    'sonnenschein',
    new Date(NOW.getTime() - 5 * DAY),
    new Date(NOW.getTime() + 55 * DAY),
  )
  const args = { tenantSlug: 'demo', email: referrer.email, referrerId: referrer.id, now: NOW }
  expect(await noted(args)).toBeNull()
  // What became of the invitation is still recorded.
  const [row] = await rowsOf(referrer.email)
  expect(row).toMatchObject({ firstRecommendationAt: NOW, referrerId: referrer.id })
  // Once the person follows the link, the recommendation is the agency's.
  const opened = await referrerFor('existing-opened', new Date(NOW.getTime() - 10 * DAY))
  await invite(
    opened.email,
    'sonnenschein',
    new Date(NOW.getTime() - 5 * DAY),
    new Date(NOW.getTime() + 55 * DAY),
    {
      openedAt: new Date(NOW.getTime() - 4 * DAY),
    },
  )
  expect(await noted({ ...args, email: opened.email, referrerId: opened.id })).toBe(
    await agencyIdOf('sonnenschein'),
  )
})

it('keeps a customer with the agency that brought them when another invites them later', async () => {
  const referrer = await referrerFor('brought', new Date(NOW.getTime() - 10 * DAY))
  await invite(
    referrer.email,
    'sonnenschein',
    new Date(NOW.getTime() - 20 * DAY),
    new Date(NOW.getTime() + 40 * DAY),
  )
  await invite(
    referrer.email,
    'nordlicht',
    new Date(NOW.getTime() - 2 * DAY),
    new Date(NOW.getTime() + 58 * DAY),
  )
  const args = { tenantSlug: 'demo', email: referrer.email, referrerId: referrer.id, now: NOW }
  expect(await noted(args)).toBe(await agencyIdOf('sonnenschein'))
})
