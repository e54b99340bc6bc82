import 'server-only'
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm'
import { agencies, agencyStaff } from '@/lib/db/schema'
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

const unknownNumber = () =>
  new ApiError('MitarbeiternummerUnbekannt', { fields: [{ Field: 'Mitarbeiternummer', Code: 'unknown' }] })

/** The employee an invitation is for: entry, number as the agency wrote it, and agency. */
export type InvitingEmployee = { id: string; number: string; agency: { id: string; name: string } }

/** The active employee entry of a number the caller may send for; anything else MitarbeiternummerUnbekannt. */
export async function staffEntryForInvitation(
  db: Db,
  user: AgencySessionUser,
  number: string,
): Promise<InvitingEmployee> {
  const rows = await allowedNumbers(db, user)
  const entry = rows.find((row) => row.number?.toLowerCase() === number.toLowerCase())
  if (!entry) throw unknownNumber()
  return { id: entry.id, number: entry.number!, agency: { id: user.agency.id, name: user.agency.name } }
}

/**
 * On the portal's employee form: the active employee of any agency of the tenant with this number (the
 * numbers are unique in the tenant); an unknown or deactivated one is MitarbeiternummerUnbekannt.
 */
export async function activeEmployeeOfTenant(
  db: Db,
  tenantSlug: string,
  number: string,
): Promise<InvitingEmployee> {
  const [entry] = await db
    .select({
      id: agencyStaff.id,
      number: agencyStaff.employeeNumber,
      agencyId: agencies.id,
      agencyName: agencies.name,
    })
    .from(agencyStaff)
    .innerJoin(agencies, eq(agencies.id, agencyStaff.agencyId))
    .where(
      and(
        eq(agencyStaff.tenantSlug, tenantSlug),
        eq(agencyStaff.active, true),
        sql`lower(${agencyStaff.employeeNumber}) = ${number.toLowerCase()}`,
      ),
    )
    .limit(1)
  if (!entry?.number) throw unknownNumber()
  return { id: entry.id, number: entry.number, agency: { id: entry.agencyId, name: entry.agencyName } }
}
