import 'server-only'
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { agencyInvitations } from '@/lib/db/schema'
import type { Db } from '@/lib/engine/db'

const byAddress = (tenantSlug: string, email: string) =>
  and(eq(agencyInvitations.tenantSlug, tenantSlug), eq(agencyInvitations.email, email.toLowerCase()))

type Progress = { tenantSlug: string; email: string; referrerId: string; now: Date }

/**
 * The update that records on the invitations of an address what the invited person did: registered (an
 * account came into being or was used) and, with a recommendation, the first one. It writes only
 * invitations that have a step to record.
 */
function progressUpdate(tx: Db, args: Progress & { recommended: boolean }) {
  const at = args.now.toISOString()
  const recommendedAt = args.recommended ? at : null
  return tx
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
 * Records on the invitations of an address what the invited person did (progressUpdate). Matched by
 * e-mail address, so it counts however the person came back. Run in the transaction of the change itself.
 */
export async function noteInvitationProgress(
  tx: Db,
  args: Progress & { recommended: boolean },
): Promise<void> {
  await progressUpdate(tx, args)
}

/**
 * On a recommendation's path, in one statement: records the recommendation on the invitations of the
 * address (progressUpdate) and answers the agency that invited it most recently with a link still valid.
 * A recommendation of an invited customer that names no agent is the inviting agency's (its reports,
 * reward plan and release). Run in the transaction of the recommendation.
 */
export async function noteRecommendationOfInvited(tx: Db, args: Progress): Promise<string | null> {
  const invitedBy = tx
    .select({ agencyId: agencyInvitations.agencyId })
    .from(agencyInvitations)
    .where(and(byAddress(args.tenantSlug, args.email), gt(agencyInvitations.expiresAt, args.now)))
    .orderBy(desc(agencyInvitations.createdAt))
    .limit(1)
  // The select reads the rows as they were before the update (one snapshot); the update leaves alone
  // what the select asks.
  const noted = progressUpdate(tx, { ...args, recommended: true })
  const result = await tx.execute(sql`with noted as (${noted.getSQL()}) ${invitedBy.getSQL()}`)
  const [row] = (result as unknown as { rows: { agency_id: string }[] }).rows
  return row?.agency_id ?? null
}
