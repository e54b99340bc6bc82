import 'server-only'
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
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
  // One statement on every recommendation's path; it writes only invitations that have a step to record.
  const at = args.now.toISOString()
  const recommendedAt = args.recommended ? at : null
  await tx
    .update(agencyInvitations)
    .set({
      registeredAt: sql`coalesce(${agencyInvitations.registeredAt}, ${at}::timestamptz)`,
      referrerId: sql`coalesce(${agencyInvitations.referrerId}, ${args.referrerId}::uuid)`,
      firstRecommendationAt: sql`coalesce(${agencyInvitations.firstRecommendationAt}, ${recommendedAt}::timestamptz)`,
    })
    .where(
      and(
        byAddress(args.tenantSlug, args.email),
        args.recommended
          ? or(isNull(agencyInvitations.registeredAt), isNull(agencyInvitations.firstRecommendationAt))
          : isNull(agencyInvitations.registeredAt),
      ),
    )
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
