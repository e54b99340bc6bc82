import { and, eq, inArray } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { agencyInvitations, mailOutbox } from '@/lib/db/schema'
import { deleteStaleInvitations } from '@/lib/engine/agency/invitations/delete-stale-invitations'
import { insertInvitation } from '../support/invitations'
import { uniqueEmail } from '../support/referrers'

// Invitations nobody followed are kept no longer than unconfirmed recipient data (12 weeks, tenant setting
// Limits.RecipientDataRetentionWeeks); one who asked for no more keeps only the address that says so.

const WEEK = 7 * 86_400_000
const emails: string[] = []

async function invitation(createdAt: Date, state: { registered?: boolean; unsubscribed?: boolean } = {}) {
  const db = await getDb()
  const email = uniqueEmail('invited')
  emails.push(email)
  await insertInvitation(
    email,
    { createdAt, expiresAt: new Date(createdAt.getTime() + 60 * 86_400_000) },
    {
      registeredAt: state.registered ? createdAt : null,
      unsubscribedAt: state.unsubscribed ? createdAt : null,
    },
  )
  await db.insert(mailOutbox).values({
    tenantSlug: 'demo',
    template: 'invitation',
    fromAddress: 'programm@lumenta.example',
    recipient: email,
    subject: 'Greta, Ihre Einladung',
    html: '<p>Einladung</p>',
    text: 'Einladung',
  })
  return email
}

const rowOf = async (email: string) =>
  (await (await getDb()).select().from(agencyInvitations).where(eq(agencyInvitations.email, email)))[0]

afterAll(async () => {
  const db = await getDb()
  await db.delete(agencyInvitations).where(inArray(agencyInvitations.email, emails))
  await db.delete(mailOutbox).where(inArray(mailOutbox.recipient, emails))
  await closeDb()
})

it('deletes an invitation nobody followed after 12 weeks with its mail; a followed one stays', async () => {
  // Run at the real time, so the demo's own (younger) invitations are not due.
  const now = new Date()
  const stale = await invitation(new Date(now.getTime() - 12 * WEEK - 60_000))
  const young = await invitation(new Date(now.getTime() - 12 * WEEK + 60_000))
  const followed = await invitation(new Date(now.getTime() - 20 * WEEK), { registered: true })
  const unsubscribed = await invitation(new Date(now.getTime() - 20 * WEEK), { unsubscribed: true })
  const deleted = await deleteStaleInvitations(await getDb(), now)
  expect(deleted.demo).toBeGreaterThanOrEqual(1)
  expect(await rowOf(stale)).toBeUndefined()
  const db = await getDb()
  expect(
    await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, stale), eq(mailOutbox.template, 'invitation'))),
  ).toEqual([])
  expect(await rowOf(young)).toMatchObject({ vorname: 'Greta' })
  expect(await rowOf(followed)).toMatchObject({ vorname: 'Greta', nachname: 'Albers' })
  // Asked for no more invitations: only the address stays, so none is sent to it again.
  expect(await rowOf(unsubscribed)).toMatchObject({ vorname: '', nachname: '', email: unsubscribed })
  // Idempotent.
  const again = await deleteStaleInvitations(await getDb(), now)
  expect(again.demo ?? 0).toBe(0)
})
