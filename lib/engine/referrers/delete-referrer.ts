import 'server-only'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import {
  auditLog,
  contactRequests,
  mailboxMessages,
  mailOutbox,
  recommendations,
  referrers,
  agencyInvitations,
} from '@/lib/db/schema'
import { clearFailures } from '@/lib/engine/auth/login-throttle'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { ReferrerRow } from './to-user'

/** What stays of an operator's free-text reason (audit_log.detail.grund) once its subject is deleted. */
export const REASON_REMOVED = '(mit dem Konto gelöscht)'

/**
 * DELETE /empfehler/delete: deletes the account and the referrer's personal data for real: the
 * referrer row with its tokens and consents (cascade), its failed-login counter, its contact requests,
 * every mail to or about the address in the outbox and the local mailbox, and the names of recipients it gave. The audit log keeps only the fact: the
 * operators' free-text reasons about the referrer are removed.
 */
export async function deleteReferrer(tenant: Tenant, referrer: ReferrerRow, by: 'self' | 'support') {
  const db = await getDb()
  const address = wholeAddress(referrer.email)
  await db.transaction(async (tx) => {
    await tx
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.tenantSlug, tenant.slug),
          or(
            eq(mailOutbox.recipient, referrer.email),
            sql`${mailOutbox.text} ~* ${address}`,
            sql`${mailOutbox.html} ~* ${address}`,
          ),
        ),
      )
    await tx
      .delete(mailboxMessages)
      .where(
        and(
          eq(mailboxMessages.tenantSlug, tenant.slug),
          or(
            eq(mailboxMessages.recipient, referrer.email),
            sql`${mailboxMessages.text} ~* ${address}`,
            sql`${mailboxMessages.html} ~* ${address}`,
          ),
        ),
      )
    await clearFailures(tx, tenant.slug, referrer.email)
    // Contact requests sent from the account or with its address go with it.
    await tx
      .delete(contactRequests)
      .where(
        and(
          eq(contactRequests.tenantSlug, tenant.slug),
          or(eq(contactRequests.referrerId, referrer.id), eq(contactRequests.email, referrer.email)),
        ),
      )
    // Operators write reasons in their own words ("call from anna@…"): the trail keeps the fact only.
    await tx
      .update(auditLog)
      .set({ detail: sql`jsonb_set(${auditLog.detail}, '{grund}', to_jsonb(${REASON_REMOVED}::text))` })
      .where(
        and(
          eq(auditLog.tenantSlug, tenant.slug),
          eq(auditLog.subjectId, referrer.id),
          sql`${auditLog.detail} ->> 'grund' is not null`,
        ),
      )
    // Shared recommendations stay as numbers without a person (their link then answers
    // EmpfehlungGesperrt); those never confirmed go with the account.
    await tx
      .delete(recommendations)
      .where(and(eq(recommendations.referrerId, referrer.id), isNull(recommendations.activatedAt)))
    await tx
      .update(recommendations)
      .set({ empfaenger: null, clientKey: null })
      .where(eq(recommendations.referrerId, referrer.id))
    // An agency's invitations of the address go too; one that asked for no more invitations stays so.
    await tx
      .delete(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.tenantSlug, tenant.slug),
          eq(agencyInvitations.email, referrer.email),
          isNull(agencyInvitations.unsubscribedAt),
        ),
      )
    await tx.delete(referrers).where(eq(referrers.id, referrer.id))
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: by === 'support' ? 'support' : 'referrer',
      action: 'referrer_deleted',
      subjectId: referrer.id,
    })
  })
}

/**
 * A PostgreSQL pattern (for ~*, any case) of the address as a whole: not part of a longer one, so the
 * mails of "anna.m@example.org" stay when "na.m@example.org" deletes its account. Before it comes no
 * character of an address's local part (an apostrophe included, also as the mails' HTML writes it,
 * `&#39;`), after it none of a domain (a full stop ending a sentence may). The address itself is found
 * as written and as the HTML part writes it.
 */
export function wholeAddress(email: string): string {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
  const forms = [...new Set([email, email.replace(/'/g, '&#39;')])].map(literal).join('|')
  return `(?<![a-z0-9._%+'-])(?<!&#39;)(?:${forms})(?![a-z0-9-]|\\.[a-z0-9])`
}
