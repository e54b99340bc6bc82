import 'server-only'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { captchaChallenges, mailboxMessages } from '@/lib/db/schema'
import { env } from '@/lib/env'

/**
 * Tools for development and automated tests, never available in production (APP_ENV=production):
 * the local mailbox of the embedded mail transport and the answer of a captcha challenge.
 */
export function devToolsEnabled(): boolean {
  return env().APP_ENV !== 'production'
}

export async function listMailbox(filter: { tenant?: string; to?: string; limit: number }) {
  const db = await getDb()
  const conditions: SQL[] = []
  if (filter.tenant) conditions.push(eq(mailboxMessages.tenantSlug, filter.tenant))
  if (filter.to) conditions.push(eq(mailboxMessages.recipient, filter.to.trim().toLowerCase()))
  const rows = await db
    .select()
    .from(mailboxMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(mailboxMessages.deliveredAt))
    .limit(filter.limit)
  return rows.map((row) => ({
    Id: row.id,
    Mandant: row.tenantSlug,
    Von: row.fromAddress,
    An: row.recipient,
    Betreff: row.subject,
    Html: row.html,
    Text: row.text,
    ZugestelltAm: row.deliveredAt.toISOString(),
  }))
}

export async function captchaAnswer(id: string): Promise<string | null> {
  const db = await getDb()
  const [row] = await db
    .select({ answer: captchaChallenges.devAnswer })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, id))
    .limit(1)
  return row?.answer ?? null
}
