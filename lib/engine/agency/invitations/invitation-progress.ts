import 'server-only'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
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
 * On a recommendation's path, in one statement: records the recommendation on the invitations of the
 * address (as noteInvitationProgress with `recommended`) and answers the agency that invited it most
 * recently with a link still valid. A recommendation of an invited customer that names no agent is the
 * inviting agency's (its reports, reward plan and release). Run in the transaction of the recommendation.
 */
export async function noteRecommendationOfInvited(
  tx: Db,
  args: { tenantSlug: string; email: string; referrerId: string; now: Date },
): Promise<string | null> {
  const at = args.now.toISOString()
  const email = args.email.toLowerCase()
  // The update writes only invitations with a step to record; the select reads the rows as they were
  // before it (one snapshot), which the update leaves alone in what the select asks.
  const result = await tx.execute(sql`
    with noted as (
      update ${agencyInvitations} set
        registered_at = coalesce(registered_at, ${at}::timestamptz),
        referrer_id = coalesce(referrer_id, ${args.referrerId}::uuid),
        first_recommendation_at = coalesce(first_recommendation_at, ${at}::timestamptz)
      where tenant_slug = ${args.tenantSlug} and email = ${email}
        and (registered_at is null or first_recommendation_at is null)
    )
    select agency_id from ${agencyInvitations}
    where tenant_slug = ${args.tenantSlug} and email = ${email} and expires_at > ${at}::timestamptz
    order by created_at desc
    limit 1`)
  const [row] = (result as unknown as { rows: { agency_id: string }[] }).rows
  return row?.agency_id ?? null
}
