import 'server-only'
import { and, asc, eq, isNotNull, or } from 'drizzle-orm'
import { agencyStaff } from '@/lib/db/schema'
import type { InvitationTool } from '@/lib/contracts/invitation'
import { ApiError } from '@/lib/shared/errors'
import { getDb, type Db } from '@/lib/engine/db'
import type { AgencySessionUser } from '../agency-session'

/** The caller's own entry among the agency's employees: linked by their sign-in, or by their address. */
function ownEntry(user: AgencySessionUser) {
  return or(
    eq(agencyStaff.agencyUserId, user.id),
    user.email ? eq(agencyStaff.email, user.email.toLowerCase()) : undefined,
  )
}

/**
 * Whose invitations the caller may send: an employee only their own (the conversation was theirs), an
 * owner those of every active employee with a number.
 */
async function allowedNumbers(db: Db, user: AgencySessionUser) {
  return db
    .select({
      number: agencyStaff.employeeNumber,
      name: agencyStaff.name,
      email: agencyStaff.email,
      id: agencyStaff.id,
      userId: agencyStaff.agencyUserId,
    })
    .from(agencyStaff)
    .where(
      and(
        eq(agencyStaff.agencyId, user.agency.id),
        eq(agencyStaff.active, true),
        isNotNull(agencyStaff.employeeNumber),
        user.role === 'AgenturInhaber' ? undefined : ownEntry(user),
      ),
    )
    .orderBy(asc(agencyStaff.name), asc(agencyStaff.email))
}

/** GET agentur/einladungstool: the numbers the form offers, the caller's own preselected. */
export async function invitationTool(user: AgencySessionUser): Promise<InvitationTool> {
  const rows = await allowedNumbers(await getDb(), user)
  const own = rows.find((row) => row.userId === user.id || row.email === user.email.toLowerCase())
  return {
    Mitarbeiter: rows.map((row) => ({ Mitarbeiternummer: row.number!, Name: row.name || row.email })),
    Eigene: own?.number ?? null,
  }
}

/** The active employee entry of a number the caller may send for; anything else MitarbeiternummerUnbekannt. */
export async function staffEntryForInvitation(db: Db, user: AgencySessionUser, number: string) {
  const rows = await allowedNumbers(db, user)
  const entry = rows.find((row) => row.number?.toLowerCase() === number.toLowerCase())
  if (!entry)
    throw new ApiError('MitarbeiternummerUnbekannt', {
      fields: [{ Field: 'Mitarbeiternummer', Code: 'unknown' }],
    })
  return { id: entry.id, number: entry.number! }
}
