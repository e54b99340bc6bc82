import 'server-only'
import { getDb } from '@/lib/engine/db'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findRecipientByHexOrThrow } from './find-recipient-by-hex'

/**
 * GET /empfaenger/{hex}: whether the recipient the portal remembers (by the marker in its session)
 * still exists, and how far they got. Unknown markers are not found; the portal then forgets it.
 */
export async function getStoredRecipient(tenant: Tenant, hex: string) {
  const db = await getDb()
  const row = await findRecipientByHexOrThrow(db, tenant, hex)
  return {
    Empfaengernummer: row.recipient.empfaengernummer,
    Empfehlungsnummer: row.nummer,
    Bestaetigt: row.recipient.confirmedAt !== null,
    Zugestimmt: row.recipient.consentedAt !== null,
  }
}
