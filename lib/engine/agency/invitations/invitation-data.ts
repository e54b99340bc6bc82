import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { agencies, agencyInvitations } from '@/lib/db/schema'
import type { InvitationData } from '@/lib/contracts/invitation'
import { ApiError } from '@/lib/shared/errors'
import { getDb, type Db } from '@/lib/engine/db'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** The invitation of a mailed link's token in this tenant, with its agency's name; null when unknown. */
async function invitationOfToken(db: Db, tenant: Tenant, token: string) {
  const [row] = await db
    .select({ invitation: agencyInvitations, agentur: agencies.name })
    .from(agencyInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
    .where(
      and(eq(agencyInvitations.tenantSlug, tenant.slug), eq(agencyInvitations.tokenHash, hashSecret(token))),
    )
    .limit(1)
  return row ?? null
}

/**
 * GET Einladung/daten?t=: what the invited customer's forms are filled in with. The link works as often
 * as it is opened until it runs out (a second tap, a slow load never strand anyone); the first opening
 * is recorded. Unknown and expired links: EinladungUngueltig.
 */
export async function invitationData(
  tenant: Tenant,
  token: string,
  clock: Clock = systemClock,
): Promise<InvitationData> {
  const now = clock()
  const db = await getDb()
  const found = await invitationOfToken(db, tenant, token)
  if (!found || found.invitation.expiresAt <= now) throw new ApiError('EinladungUngueltig')
  const { invitation } = found
  if (!invitation.openedAt)
    await db
      .update(agencyInvitations)
      .set({ openedAt: now })
      .where(and(eq(agencyInvitations.id, invitation.id), isNull(agencyInvitations.openedAt)))
  return {
    Vorname: invitation.vorname,
    Nachname: invitation.nachname,
    Email: invitation.email,
    Agentur: found.agentur,
    GueltigBis: invitation.expiresAt.toISOString(),
    Abgemeldet: invitation.unsubscribedAt !== null,
  }
}

/**
 * PUT Einladung/abmelden {t}: the invited person wants no further invitations. Works with an expired
 * link too (an old mail's link must still stop the next one) and answers the same on a repeat.
 */
export async function unsubscribeInvitation(
  tenant: Tenant,
  token: string,
  clock: Clock = systemClock,
): Promise<void> {
  const db = await getDb()
  const found = await invitationOfToken(db, tenant, token)
  if (!found) throw new ApiError('EinladungUngueltig')
  await db
    .update(agencyInvitations)
    .set({ unsubscribedAt: clock() })
    .where(and(eq(agencyInvitations.id, found.invitation.id), isNull(agencyInvitations.unsubscribedAt)))
}
