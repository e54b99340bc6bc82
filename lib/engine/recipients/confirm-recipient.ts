import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipients, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { issueToken } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { sendFriendStatusMail } from './friend-status-mail'

/** How long the recipient's own bearer token lasts (consent and the way to the order). */
export const RECIPIENT_TOKEN_SECONDS = 2 * 60 * 60

/**
 * The confirmation link of the recipient's mail (EmpfaengerBestaetigung): proves the e-mail, is used
 * once (TokenBereitsVerwendet after that, Abgelaufen after its time), and hands the recipient a bearer
 * token of their own for the consent and the order. The referrer is told by mail (friendConfirmed), once.
 * A friend who confirmed but has not agreed yet and whose token has lapsed (another device, hours
 * later) asks for a new link (the form again, or the resend button); that link is used once as well and
 * hands a new token, so he is never stranded before the consent.
 */
export async function confirmRecipient(tenant: Tenant, token: string, clock: Clock = systemClock) {
  const now = clock()
  const db = await getDb()
  const answer = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        recipient: recipients,
        nummer: recommendations.nummer,
        referrerId: recommendations.referrerId,
        produktName: recommendations.produktName,
      })
      .from(recipients)
      .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
      .where(and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.confirmTokenHash, hashSecret(token))))
      .for('update')
      .limit(1)
    if (!row) throw new ApiError('Abgelaufen')
    const { recipient } = row
    if (recipient.confirmTokenUsedAt) throw new ApiError('TokenBereitsVerwendet')
    if (!recipient.confirmTokenExpiresAt || recipient.confirmTokenExpiresAt <= now)
      throw new ApiError('Abgelaufen')
    const [used] = await tx
      .update(recipients)
      .set({ confirmTokenUsedAt: now, confirmedAt: recipient.confirmedAt ?? now })
      .where(and(eq(recipients.id, recipient.id), isNull(recipients.confirmTokenUsedAt)))
      .returning()
    if (!used) throw new ApiError('TokenBereitsVerwendet')
    // The referrer hears of it once: when the first link was used.
    if (!recipient.confirmedAt)
      await sendFriendStatusMail(tx, tenant, 'friendConfirmed', {
        referrerId: row.referrerId,
        friend: { vorname: recipient.vorname, name: recipient.name },
        produkt: row.produktName,
      })
    return {
      Token: recipientToken(tenant, recipient.id, clock),
      Empfaengernummer: recipient.empfaengernummer,
      Empfehlungsnummer: row.nummer,
      Zugestimmt: recipient.consentedAt !== null,
    }
  })
  kickMailWorker()
  return answer
}

export function recipientToken(tenant: Tenant, recipientId: string, clock: Clock = systemClock): string {
  return issueToken(
    { ten: tenant.slug, sub: recipientId, role: 'recipient' },
    { lifetimeSeconds: RECIPIENT_TOKEN_SECONDS, clock },
  )
}
