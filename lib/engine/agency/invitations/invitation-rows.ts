import 'server-only'
import type { agencyInvitations } from '@/lib/db/schema'
import type { Invitation, InvitationKind, InvitationState } from '@/lib/contracts/invitation'

type InvitationRow = typeof agencyInvitations.$inferSelect

/** What became of an invitation: the furthest step reached; unsubscribing ends it. */
export function invitationState(
  row: Pick<InvitationRow, 'unsubscribedAt' | 'firstRecommendationAt' | 'registeredAt' | 'openedAt'>,
): InvitationState {
  if (row.unsubscribedAt) return 'Abgemeldet'
  if (row.firstRecommendationAt) return 'Empfohlen'
  if (row.registeredAt) return 'Registriert'
  if (row.openedAt) return 'Geoeffnet'
  return 'Versendet'
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    Id: row.id,
    ErstelltAm: row.createdAt.toISOString(),
    Vorname: row.vorname,
    Nachname: row.nachname,
    Email: row.email,
    Art: row.art as InvitationKind,
    Mitarbeiternummer: row.employeeNumber,
    Status: invitationState(row),
    GeoeffnetAm: row.openedAt?.toISOString() ?? null,
    RegistriertAm: row.registeredAt?.toISOString() ?? null,
    EmpfohlenAm: row.firstRecommendationAt?.toISOString() ?? null,
  }
}
