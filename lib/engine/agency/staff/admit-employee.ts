import 'server-only'
import { and, eq, or } from 'drizzle-orm'
import { agencyStaff, agencyUsers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Db } from '@/lib/engine/db'

type Employee = {
  tenantSlug: string
  agencyId: string
  issuer: string
  subject: string
  email: string
  name: string
}

/**
 * At an employee's single sign-on: their entry in the agency's staff, found by the person (issuer and
 * subject, from an earlier sign-in) or by e-mail address. A deactivated entry refuses the sign-in
 * (AgenturZugangDeaktiviert); an employee the owner has not added yet is added without a number, so
 * the owner sees everyone who uses the area and can deactivate them.
 */
export async function admitEmployee(db: Db, employee: Employee): Promise<void> {
  const email = employee.email.toLowerCase()
  const [entry] = await db
    .select({ active: agencyStaff.active })
    .from(agencyStaff)
    .leftJoin(agencyUsers, eq(agencyUsers.id, agencyStaff.agencyUserId))
    .where(
      and(
        eq(agencyStaff.agencyId, employee.agencyId),
        or(
          email ? eq(agencyStaff.email, email) : undefined,
          and(eq(agencyUsers.issuer, employee.issuer), eq(agencyUsers.subject, employee.subject)),
        ),
      ),
    )
    .orderBy(agencyStaff.active)
    .limit(1)
  if (entry && !entry.active) throw new ApiError('AgenturZugangDeaktiviert')
}

/**
 * After the sign-in: the staff entry knows the person and the name the provider gave. An entry the
 * owner deactivated in the moment since admitEmployee still refuses the sign-in (its tokens are ended
 * only through a linked person).
 */
export async function linkEmployee(db: Db, employee: Employee, agencyUserId: string): Promise<void> {
  const email = employee.email.toLowerCase()
  const linked = await db
    .update(agencyStaff)
    .set({ agencyUserId, ...(employee.name ? { name: employee.name } : {}) })
    .where(
      and(
        eq(agencyStaff.agencyId, employee.agencyId),
        or(email ? eq(agencyStaff.email, email) : undefined, eq(agencyStaff.agencyUserId, agencyUserId)),
      ),
    )
    .returning({ id: agencyStaff.id, active: agencyStaff.active })
  if (linked.some((entry) => !entry.active)) throw new ApiError('AgenturZugangDeaktiviert')
  if (linked.length > 0 || !email) return
  await db
    .insert(agencyStaff)
    .values({
      tenantSlug: employee.tenantSlug,
      agencyId: employee.agencyId,
      email,
      name: employee.name,
      agencyUserId,
      addedAtSignIn: true,
    })
    .onConflictDoNothing()
}
