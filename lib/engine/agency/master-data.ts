import 'server-only'
import { eq } from 'drizzle-orm'
import { agencies } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { AgencyMasterData } from '@/lib/contracts/agency'
import { getDb } from '@/lib/engine/db'

/** Stammdaten: the agency's own master data, its payout account masked to the last four characters. */
export async function agencyMasterData(agencyId: string): Promise<AgencyMasterData> {
  const db = await getDb()
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return {
    Name: row.name,
    Strasse: row.street,
    Plz: row.postcode,
    Ort: row.town,
    Email: row.email,
    Telefon: row.phone,
    IbanMaskiert: row.ibanLast4 ? `•••• ${row.ibanLast4}` : '',
  }
}
