import 'server-only'
import { and, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { agencyInvitations, mailboxMessages, mailOutbox, tenants } from '@/lib/db/schema'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/**
 * An invited person who never came keeps nothing with us longer than a recipient who never confirmed
 * (tenant setting Limits.RecipientDataRetentionWeeks, 12 weeks): such invitations go with their mails.
 * Of one who asked for no more invitations only the address stays, so none is sent again. Idempotent;
 * answers how many invitations went, per tenant.
 */
export async function deleteStaleInvitations(db: Db, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {}
  for (const tenant of await db.select().from(tenants)) {
    const settings = tenantSettingsSchema.parse(tenant.settings)
    const before = new Date(now.getTime() - settings.Limits.RecipientDataRetentionWeeks * WEEK_MS)
    const old = and(eq(agencyInvitations.tenantSlug, tenant.slug), lt(agencyInvitations.createdAt, before))
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(agencyInvitations)
        .where(and(old, isNull(agencyInvitations.registeredAt), isNull(agencyInvitations.unsubscribedAt)))
        .returning({ email: agencyInvitations.email })
      await tx
        .update(agencyInvitations)
        .set({ vorname: '', nachname: '' })
        .where(and(old, isNotNull(agencyInvitations.unsubscribedAt), ne(agencyInvitations.vorname, '')))
      const emails = [...new Set(rows.map((r) => r.email))]
      if (emails.length > 0) {
        const mails = await tx
          .delete(mailOutbox)
          .where(
            and(
              eq(mailOutbox.tenantSlug, tenant.slug),
              inArray(mailOutbox.recipient, emails),
              eq(mailOutbox.template, 'invitation'),
            ),
          )
          .returning({ id: mailOutbox.id })
        // The local mailbox keeps one row per outbox mail, under the outbox mail's id.
        if (mails.length > 0)
          await tx.delete(mailboxMessages).where(
            inArray(
              mailboxMessages.id,
              mails.map((m) => m.id),
            ),
          )
      }
      return rows.length
    })
    if (gone > 0) deleted[tenant.slug] = gone
  }
  return deleted
}

/** The hourly run, once across all servers. */
export function deleteStaleInvitationsOnce(db: Db, now: Date) {
  return runOnce(db, 'invitation-retention', hourSlot(now), now, () => deleteStaleInvitations(db, now))
}
