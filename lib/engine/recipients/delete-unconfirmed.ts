import 'server-only'
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { mailboxMessages, mailOutbox, recipients, tenants } from '@/lib/db/schema'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/**
 * SPEC §4: recipient data not confirmed within the tenant's retention (12 weeks) is deleted, with every
 * mail to the address in the outbox and the local mailbox, so nothing of the person remains.
 * Idempotent: a second run finds nothing more. Answers how many recipients went, per tenant.
 */
export async function deleteUnconfirmedRecipients(db: Db, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {}
  for (const tenant of await db.select().from(tenants)) {
    const settings = tenantSettingsSchema.parse(tenant.settings)
    const before = new Date(now.getTime() - settings.Limits.RecipientDataRetentionWeeks * WEEK_MS)
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(recipients)
        .where(
          and(
            eq(recipients.tenantSlug, tenant.slug),
            isNull(recipients.confirmedAt),
            lt(recipients.createdAt, before),
          ),
        )
        .returning({ email: recipients.email })
      const emails = [...new Set(rows.map((r) => r.email))]
      if (emails.length > 0) {
        await tx
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.tenantSlug, tenant.slug), inArray(mailOutbox.recipient, emails)))
        await tx
          .delete(mailboxMessages)
          .where(and(eq(mailboxMessages.tenantSlug, tenant.slug), inArray(mailboxMessages.recipient, emails)))
      }
      return rows.length
    })
    if (gone > 0) deleted[tenant.slug] = gone
  }
  return deleted
}

/** The hourly run, once across all servers. */
export function deleteUnconfirmedRecipientsOnce(db: Db, now: Date) {
  return runOnce(db, 'recipient-retention', hourSlot(now), now, () => deleteUnconfirmedRecipients(db, now))
}
