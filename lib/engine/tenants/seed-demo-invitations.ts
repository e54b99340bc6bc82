import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import { agencies, agencyInvitations, agencyStaff } from '@/lib/db/schema'
import type { Db } from '@/lib/engine/db'

const DAY_MS = 24 * 60 * 60 * 1000

/** Invented customers (.example addresses) and how far each invitation came, oldest first. */
const CUSTOMERS = [
  ['Greta', 'Albers', 'Empfohlen'],
  ['Paul', 'Brandt', 'Registriert'],
  ['Ida', 'Conrad', 'Geoeffnet'],
  ['Emil', 'Dietrich', 'Empfohlen'],
  ['Lotte', 'Engel', 'Versendet'],
  ['Karl', 'Falk', 'Abgemeldet'],
  ['Frieda', 'Graf', 'Empfohlen'],
  ['Otto', 'Haas', 'Geoeffnet'],
  ['Mila', 'Iske', 'Registriert'],
  ['Henry', 'Jung', 'Versendet'],
  ['Clara', 'Kern', 'Geoeffnet'],
  ['Anton', 'Lenz', 'Versendet'],
] as const

/**
 * The demo agencies' invitations: a dozen customers invited by their employees over the last twelve
 * weeks, on site and by phone, in every state, so the invitation list shows rows right after
 * `npm run demo`. Added once per agency (when it has none); their links are unusable (no token kept).
 */
export async function seedDemoInvitations(db: Db, today: Date) {
  const rows = await db.select().from(agencies)
  for (const agency of rows) {
    const [existing] = await db
      .select({ id: agencyInvitations.id })
      .from(agencyInvitations)
      .where(eq(agencyInvitations.agencyId, agency.id))
      .limit(1)
    if (existing) continue
    const staff = await db
      .select()
      .from(agencyStaff)
      .where(
        and(
          eq(agencyStaff.agencyId, agency.id),
          eq(agencyStaff.active, true),
          isNotNull(agencyStaff.employeeNumber),
        ),
      )
      .orderBy(agencyStaff.employeeNumber)
    if (staff.length === 0) continue
    const domain = `kunde-${agency.key}.example`
    await db.insert(agencyInvitations).values(
      CUSTOMERS.map(([vorname, nachname, state], index) => {
        const employee = staff[index % staff.length]!
        // Within the last twelve weeks: an invitation nobody followed goes after that (delete-stale-invitations).
        const createdAt = new Date(today.getTime() - (80 - index * 6) * DAY_MS)
        const step = (days: number) => new Date(createdAt.getTime() + days * DAY_MS)
        const reached = ['Geoeffnet', 'Registriert', 'Empfohlen'].indexOf(state)
        return {
          tenantSlug: agency.tenantSlug,
          agencyId: agency.id,
          staffId: employee.id,
          employeeNumber: employee.employeeNumber!,
          art: index % 3 === 1 ? 'Telefon' : 'VorOrt',
          vorname,
          nachname,
          email: `${vorname}.${nachname}@${domain}`.toLowerCase(),
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          createdAt,
          expiresAt: step(60),
          openedAt: reached >= 0 || state === 'Abgemeldet' ? step(1) : null,
          registeredAt: reached >= 1 ? step(2) : null,
          firstRecommendationAt: reached >= 2 ? step(2) : null,
          unsubscribedAt: state === 'Abgemeldet' ? step(1) : null,
        }
      }),
    )
  }
}
