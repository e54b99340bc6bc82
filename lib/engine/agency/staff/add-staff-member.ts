import 'server-only'
import { and, eq, ne } from 'drizzle-orm'
import { agencies, agencyStaff } from '@/lib/db/schema'
import type { StaffMember } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { getDb, isUniqueViolation } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { staffMember } from './staff-rows'

/**
 * POST agentur/mitarbeiter (owner): adds an employee by e-mail address and employee number. An employee
 * whose first sign-in added them without a number gets it now; one already numbered, or deactivated, is
 * there (MitarbeiterVorhanden). A number another employee of the tenant has is refused
 * (MitarbeiternummerVergeben): an invitation's number names one person. Under the agency's row lock;
 * the tenant-wide unique index decides between two agencies adding the same number at once.
 */
export async function addStaffMember(
  tenant: Tenant,
  user: AgencySessionUser,
  input: { Email: string; Mitarbeiternummer: string; Name: string },
  clock: Clock,
): Promise<StaffMember> {
  const db = await getDb()
  const email = input.Email.toLowerCase()
  const id = await db
    .transaction(async (tx) => {
      await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, user.agency.id)).for('update')
      const [existing] = await tx
        .select({ id: agencyStaff.id, number: agencyStaff.employeeNumber, active: agencyStaff.active })
        .from(agencyStaff)
        .where(and(eq(agencyStaff.agencyId, user.agency.id), eq(agencyStaff.email, email)))
      if (existing && (existing.number !== null || !existing.active))
        throw new ApiError('MitarbeiterVorhanden')
      const [taken] = await tx
        .select({ id: agencyStaff.id })
        .from(agencyStaff)
        .where(
          and(
            eq(agencyStaff.tenantSlug, tenant.slug),
            eq(agencyStaff.employeeNumber, input.Mitarbeiternummer),
            existing ? ne(agencyStaff.id, existing.id) : undefined,
          ),
        )
      if (taken) throw new ApiError('MitarbeiternummerVergeben')
      if (existing) {
        await tx
          .update(agencyStaff)
          .set({ employeeNumber: input.Mitarbeiternummer, ...(input.Name ? { name: input.Name } : {}) })
          .where(eq(agencyStaff.id, existing.id))
        return existing.id
      }
      const [added] = await tx
        .insert(agencyStaff)
        .values({
          tenantSlug: tenant.slug,
          agencyId: user.agency.id,
          email,
          name: input.Name,
          employeeNumber: input.Mitarbeiternummer,
          createdBy: user.id,
          createdAt: clock(),
        })
        .returning({ id: agencyStaff.id })
      return added!.id
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError('MitarbeiternummerVergeben')
      throw error
    })
  const member = await staffMember(db, user.agency.id, id)
  if (!member) throw new ApiError('Default')
  return member
}
