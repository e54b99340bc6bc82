import 'server-only'
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { agencyStaff, agencyUsers } from '@/lib/db/schema'
import type { StaffMember } from '@/lib/contracts/agency'
import type { Db } from '@/lib/engine/db'

const person = alias(agencyUsers, 'person')
const creator = alias(agencyUsers, 'creator')
const deactivator = alias(agencyUsers, 'deactivator')

const nameOf = (user: { name: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(${user.name}, ''), ${user.email}, '')`

/**
 * The employees of an agency (narrowed by `where`) as the Mitarbeiter view shows them: active first,
 * then by name and address; with who added and deactivated them and the last sign-in.
 */
export async function staffMembers(db: Db, agencyId: string, where?: SQL): Promise<StaffMember[]> {
  const rows = await db
    .select({
      staff: agencyStaff,
      lastLoginAt: person.lastLoginAt,
      createdByName: nameOf(creator),
      deactivatedByName: nameOf(deactivator),
    })
    .from(agencyStaff)
    .leftJoin(person, eq(person.id, agencyStaff.agencyUserId))
    .leftJoin(creator, eq(creator.id, agencyStaff.createdBy))
    .leftJoin(deactivator, eq(deactivator.id, agencyStaff.deactivatedBy))
    .where(and(eq(agencyStaff.agencyId, agencyId), where))
    .orderBy(
      desc(agencyStaff.active),
      asc(sql`lower(nullif(${agencyStaff.name}, ''))`),
      asc(agencyStaff.email),
    )
  return rows.map(({ staff, lastLoginAt, createdByName, deactivatedByName }) => ({
    Id: staff.id,
    Email: staff.email,
    Name: staff.name,
    Mitarbeiternummer: staff.employeeNumber,
    Aktiv: staff.active,
    AngelegtVon: createdByName,
    BeiAnmeldung: staff.addedAtSignIn,
    AngelegtAm: staff.createdAt.toISOString(),
    LetzteAnmeldung: lastLoginAt?.toISOString() ?? null,
    DeaktiviertVon: staff.active ? '' : deactivatedByName,
    DeaktiviertAm: staff.active ? null : (staff.deactivatedAt?.toISOString() ?? null),
  }))
}

/** One employee of the agency; another agency's is not found. */
export async function staffMember(db: Db, agencyId: string, id: string): Promise<StaffMember | undefined> {
  const [member] = await staffMembers(db, agencyId, eq(agencyStaff.id, id))
  return member
}
