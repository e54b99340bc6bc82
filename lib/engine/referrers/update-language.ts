import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import type { Locale } from '@/lib/i18n/config'
import type { ReferrerRow } from './to-user'

export async function updateLanguage(referrer: ReferrerRow, language: Locale): Promise<Locale> {
  const db = await getDb()
  await db.update(referrers).set({ language }).where(eq(referrers.id, referrer.id))
  return language
}
