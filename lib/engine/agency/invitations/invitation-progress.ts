import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'

type Progress = { tenantSlug: string; email: string; referrerId: string | SQL; now: Date }

/**
 * The update that records on the invitations of an address what the invited person did: registered (an
 * account came into being or was used) and, with a recommendation, the first one. It writes only
 * invitations that have a step to record. SQL text: it is on the path of every recommendation.
 */
function progressUpdate(args: Progress & { recommended: boolean }) {
  const at = args.now.toISOString()
  const recommendedAt = args.recommended ? at : null
  const open = args.recommended
    ? sql`(registered_at is null or first_recommendation_at is null)`
    : sql`registered_at is null`
  return sql`
    update agency_invitations set
      registered_at = coalesce(registered_at, ${at}::timestamptz),
      referrer_id = coalesce(referrer_id, ${args.referrerId}::uuid),
      first_recommendation_at = coalesce(first_recommendation_at, ${recommendedAt}::timestamptz)
    where tenant_slug = ${args.tenantSlug} and email = ${args.email.toLowerCase()} and ${open}`
}

/**
 * Records on the invitations of an address what the invited person did (progressUpdate). Matched by
 * e-mail address, so it counts however the person came back. Run in the transaction of the change itself.
 */
export async function noteInvitationProgress(
  tx: Db,
  args: Progress & { recommended: boolean },
): Promise<void> {
  await tx.execute(progressUpdate(args))
}

/**
 * On a recommendation's path, in one statement: records the recommendation on the invitations of the
 * address (progressUpdate) and answers the agency that invited it most recently with a link still valid
 * (answeredAgency in lib/engine/agency/attribution.ts reads the answer). A recommendation of an invited
 * customer that names no agent is the inviting agency's (its reports, reward plan and release). Sent in
 * the transaction of the recommendation, with its other statements (lib/db/in-order.ts); `referrerId`
 * may be a subquery.
 *
 * Only a customer the invitation brought counts: one whose account came into being after it, or who
 * opened its link. Anyone can send an invitation to any address (the public MitarbeiterEmpfehlen form),
 * so an invitation alone never hands an existing referrer, their rewards and their data to an agency.
 */
export function noteRecommendationOfInvited(args: Progress): SQL {
  // The select reads the rows as they were before the update (one snapshot); the update leaves alone
  // what the select asks. The referrer's row made in the same transaction is seen.
  return sql`
    with noted as (${progressUpdate({ ...args, recommended: true })})
    select agency_id from agency_invitations
      where tenant_slug = ${args.tenantSlug} and email = ${args.email.toLowerCase()}
        and expires_at > ${args.now.toISOString()}::timestamptz
        and (opened_at is not null
          or created_at <= (select created_at from referrers where id = ${args.referrerId}::uuid))
      order by created_at desc limit 1`
}
