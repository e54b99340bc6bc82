import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { agencies, agencyInvitations } from '@/lib/db/schema'

/** The id of a demo agency by its key (sonnenschein, nordlicht). */
export async function agencyIdOf(key: string): Promise<string> {
  const [agency] = await (await getDb()).select().from(agencies).where(eq(agencies.key, key)).limit(1)
  if (!agency) throw new Error(`no agency ${key}`)
  return agency.id
}

/**
 * An invitation of the demo tenant stored as the agency's form stores it (an employee of the agency,
 * a customer met on site), for the address, with its times and any steps already recorded.
 */
export async function insertInvitation(
  email: string,
  times: { createdAt: Date; expiresAt: Date },
  more: Partial<typeof agencyInvitations.$inferInsert> & { agency?: string } = {},
): Promise<void> {
  const { agency = 'sonnenschein', ...steps } = more
  await (await getDb()).insert(agencyInvitations).values({
    tenantSlug: 'demo',
    agencyId: await agencyIdOf(agency),
    employeeNumber: 'SV-M-101',
    art: 'VorOrt',
    vorname: 'Greta',
    nachname: 'Albers',
    email,
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    ...times,
    ...steps,
  })
}
