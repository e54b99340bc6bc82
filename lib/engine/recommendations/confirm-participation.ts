import 'server-only'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recommendations, referrers } from '@/lib/db/schema'
import type { ConfirmParticipationResponse } from '@/lib/contracts/recommendation'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { consumeReferrerToken } from '@/lib/engine/referrers/consume-referrer-token'
import { startReferrerSession } from '@/lib/engine/referrers/start-referrer-session'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { enqueueMail } from '@/lib/engine/mail/enqueue-mail'
import { awaitingOptIn } from './pending-opt-in'
import { recommendationCreatedMail } from './recommendation-mails'

/**
 * PUT /empfehler/teilnahme: the opt-in link of the recommendation mail. Confirms the e-mail, makes every
 * recommendation still waiting for it shareable (valid from now for the tenant's validity days) and logs
 * the referrer in, and mails the personal link of each (the share screen says it was mailed). Answers the latest of them, which the portal opens for sharing (else the newest
 * confirmed one).
 */
export async function confirmParticipation(
  tenant: Tenant,
  token: string,
  clock: Clock = systemClock,
): Promise<ConfirmParticipationResponse> {
  const db = await getDb()
  let kickAfterCommit = false
  const answer = await db.transaction(async (tx) => {
    const now = clock()
    const { referrer } = await consumeReferrerToken(tx, tenant, { token, purposes: ['participation'], clock })
    const user = await startReferrerSession(tx, tenant, referrer, { clock })
    if (!referrer.confirmedAt)
      await tx.update(referrers).set({ confirmedAt: now }).where(eq(referrers.id, referrer.id))
    const validUntil = new Date(
      now.getTime() + tenant.settings.Limits.RecommendationValidityDays * 86_400_000,
    )
    const activated = await tx
      .update(recommendations)
      .set({ activatedAt: now, expiresAt: validUntil })
      .where(and(eq(recommendations.referrerId, referrer.id), awaitingOptIn(now)))
      .returning()
    // The share screen promises the link by mail: every recommendation shareable from now gets its mail.
    for (const row of activated) await enqueueMail(tx, recommendationCreatedMail(tenant, referrer, row))
    if (activated.length > 0) kickAfterCommit = true
    const latest = activated.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
    if (latest) return { User: user, Empfehlungsnummer: latest.nummer }
    const [newest] = await tx
      .select({ nummer: recommendations.nummer })
      .from(recommendations)
      .where(and(eq(recommendations.referrerId, referrer.id), isNotNull(recommendations.activatedAt)))
      .orderBy(desc(recommendations.createdAt))
      .limit(1)
    return { User: user, Empfehlungsnummer: newest?.nummer ?? null }
  })
  if (kickAfterCommit) kickMailWorker()
  return answer
}
