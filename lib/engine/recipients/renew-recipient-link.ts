import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipients, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { assertOpen, findSharedRecommendation, toLanding } from '@/lib/engine/recommendations/landing'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { withinConfirmationMailLimit } from './confirmation-mail-limit'
import { sendConfirmation } from './create-recipient'

/**
 * POST /empfaenger/neuerlink {Token}: the confirmation link opened again in a browser that does not know
 * the friend (the link used already, say on the phone, now on a laptop). A new link goes to the address
 * the friend proved, and its use hands him a new session there: on to the consent, or to the order once
 * he agreed. The answer names no address; the mail goes nowhere else. Abgelaufen for a link that was
 * never valid or was replaced by a newer one; the recommendation must still be open; at most
 * RECIPIENT_CONFIRM_MAILS_PER_HOUR mails per recipient (ZuVieleAnfragen).
 */
export async function renewRecipientLink(
  tenant: Tenant,
  token: string,
  input: { locale: Locale; clock?: Clock },
): Promise<{ ok: true }> {
  const now = (input.clock ?? systemClock)()
  const db = await getDb()
  const [row] = await db
    .select({ recipient: recipients, nummer: recommendations.nummer })
    .from(recipients)
    .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
    .where(and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.confirmTokenHash, hashSecret(token))))
    .limit(1)
  if (!row) throw new ApiError('Abgelaufen')
  const found = await findSharedRecommendation(db, tenant, { nummer: row.nummer })
  assertOpen(toLanding(tenant, found, now))
  await withinConfirmationMailLimit(db, { tenantSlug: tenant.slug, recipientId: row.recipient.id, now }, () =>
    db.transaction((tx) => sendConfirmation(tx, tenant, row.recipient, found, input.locale, now)),
  )
  kickMailWorker()
  return { ok: true }
}

/** The codes renewRecipientLink refuses with. */
export const RENEW_RECIPIENT_LINK_ERRORS = [
  'Abgelaufen',
  'EmpfehlungAbgelaufen',
  'EmpfehlungGesperrt',
  'ZuVieleAnfragen',
] as const
