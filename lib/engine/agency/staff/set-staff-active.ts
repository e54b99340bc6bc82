import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { agencyStaff, agencyUsers } from '@/lib/db/schema'
import type { StaffMember } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { getDb } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { AgencySessionUser } from '../agency-session'
import { staffMember } from './staff-rows'

/**
 * PUT agentur/mitarbeiter/{id} {Aktiv} (owner): deactivates an employee — refused at the next sign-in,
 * every token they hold ending now — or reactivates them. Another agency's employee is not found.
 */
export async function setStaffActive(
  user: AgencySessionUser,
  id: string,
  active: boolean,
  clock: Clock,
): Promise<StaffMember> {
  const db = await getDb()
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ active: agencyStaff.active, agencyUserId: agencyStaff.agencyUserId })
      .from(agencyStaff)
      .where(and(eq(agencyStaff.id, id), eq(agencyStaff.agencyId, user.agency.id)))
      .for('update')
    if (!row) throw new ApiError('NichtGefunden')
    // Asked twice (a second click, a reloaded form): the first answer stands, with its time and person.
    if (row.active === active) return
    await tx
      .update(agencyStaff)
      .set(
        active
          ? { active: true, deactivatedAt: null, deactivatedBy: null }
          : { active: false, deactivatedAt: clock(), deactivatedBy: user.id },
      )
      .where(eq(agencyStaff.id, id))
    if (!active && row.agencyUserId) {
      await tx
        .update(agencyUsers)
        .set({ sessionVersion: sql`${agencyUsers.sessionVersion} + 1` })
        .where(eq(agencyUsers.id, row.agencyUserId))
    }
  })
  const member = await staffMember(db, user.agency.id, id)
  if (!member) throw new ApiError('NichtGefunden')
  return member
}
