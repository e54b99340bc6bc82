import 'server-only'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { agencyInvitations } from '@/lib/db/schema'
import type { Db } from '@/lib/engine/db'

const byAddress = (tenantSlug: string, email: string) =>
  and(eq(agencyInvitations.tenantSlug, tenantSlug), eq(agencyInvitations.email, email.toLowerCase()))

/**
 * Records on the invitations of an address what the invited person did: registered (an account came
 * into being or was used) and, with a recommendation, the first one. Matched by e-mail address, so it
 * counts however the person came back. Run in the transaction of the change itself.
 */
export async function noteInvitationProgress(
  tx: Db,
  args: { tenantSlug: string; email: string; referrerId: string; recommended: boolean; now: Date },
): Promise<void> {
  const where = byAddress(args.tenantSlug, args.email)
  await tx
    .update(agencyInvitations)
    .set({ registeredAt: args.now, referrerId: args.referrerId })
    .where(and(where, isNull(agencyInvitations.registeredAt)))
  if (args.recommended)
    await tx
      .update(agencyInvitations)
      .set({ firstRecommendationAt: args.now })
      .where(and(where, isNull(agencyInvitations.firstRecommendationAt)))
}

/**
 * The agency that invited this address most recently with a link still valid: a recommendation of an
 * invited customer that names no agent is the inviting agency's (its reports, reward plan and release).
 */
export async function agencyOfInvitation(
  tx: Db,
  tenantSlug: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .select({ agencyId: agencyInvitations.agencyId })
    .from(agencyInvitations)
    .where(and(byAddress(tenantSlug, email), gt(agencyInvitations.expiresAt, now)))
    .orderBy(desc(agencyInvitations.createdAt))
    .limit(1)
  return row?.agencyId ?? null
}
