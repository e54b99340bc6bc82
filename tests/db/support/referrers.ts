import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { referrerBankAccounts, referrers } from '@/lib/db/schema'
import { hashPassword } from '@/lib/engine/auth/password'

/** A password that meets the SPEC rule (8+ characters, lower, upper, digit). */
export const FIXTURE_PASSWORD = 'Jest-Passw0rd'

/** A unique e-mail per call: the database may be shared (DATABASE_URL), so nothing may collide. */
export function uniqueEmail(label = 'referrer'): string {
  return `jest-${label}-${randomUUID().slice(0, 12)}@example.org`
}

export type FixtureReferrer = typeof referrers.$inferSelect & { password: string }

/** Inserts a referrer of its own for one test; remove it with deleteReferrer. */
export async function createReferrer(
  db: Db,
  tenantSlug: string,
  overrides: Partial<typeof referrers.$inferInsert> = {},
): Promise<FixtureReferrer> {
  const [row] = await db
    .insert(referrers)
    .values({
      tenantSlug,
      email: uniqueEmail(),
      anrede: 'Frau',
      vorname: 'Jest',
      nachname: 'Fixture',
      passwordHash: await hashPassword(FIXTURE_PASSWORD),
      ...overrides,
    })
    .returning()
  return { ...row!, password: FIXTURE_PASSWORD }
}

export async function deleteReferrer(db: Db, id: string): Promise<void> {
  await db.delete(referrers).where(eq(referrers.id, id))
}

/** The referrer's stored bank account row (encrypted as at rest), or null without one. */
export async function storedBankAccount(db: Db, referrerId: string) {
  const [row] = await db
    .select()
    .from(referrerBankAccounts)
    .where(eq(referrerBankAccounts.referrerId, referrerId))
  return row ?? null
}

/**
 * Removes the mails a test file's engine calls wrote to the outbox (no worker delivers them in the test
 * process): on a shared database they would otherwise pile up in front of other tests' mails.
 */
export async function deleteTestMails(db: Db, since: Date): Promise<void> {
  const { mailOutbox } = await import('@/lib/db/schema')
  const { and, gte, like } = await import('drizzle-orm')
  await db
    .delete(mailOutbox)
    .where(and(gte(mailOutbox.createdAt, since), like(mailOutbox.recipient, 'jest-%')))
}

/**
 * For an engine test file: after its tests, removes the referrers whose ids were pushed to the list this
 * answers and the mails written since, then closes the database.
 */
export function cleanUpAfterAll(): string[] {
  const referrerIds: string[] = []
  const startedAt = new Date()
  afterAll(async () => {
    const db = await getDb()
    for (const id of referrerIds) await deleteReferrer(db, id)
    await deleteTestMails(db, startedAt)
    await closeDb()
  })
  return referrerIds
}
