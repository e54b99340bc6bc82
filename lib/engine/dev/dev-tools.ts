import 'server-only'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { getDb } from '@/lib/engine/db'
import { captchaChallenges, mailboxMessages, recipients, recommendations } from '@/lib/db/schema'

/**
 * Tools for development and automated tests: the local mailbox of the embedded mail transport, the
 * answer of a captcha challenge, and moving a recommendation into the past. They exist only where a
 * command turns them on (DEV_TOOLS=true, never with APP_ENV=production): devToolsEnabled in lib/shared/env.ts.
 */
export { devToolsEnabled } from '@/lib/shared/env'

export async function listMailbox(filter: { tenant?: string; to?: string; limit: number }) {
  const db = await getDb()
  const conditions: SQL[] = []
  if (filter.tenant) conditions.push(eq(mailboxMessages.tenantSlug, filter.tenant))
  if (filter.to) conditions.push(eq(mailboxMessages.recipient, filter.to.trim().toLowerCase()))
  const rows = await db
    .select()
    .from(mailboxMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(mailboxMessages.seq))
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

/**
 * Moves a recommendation and its recipients `days` into the past (creation, activation, validity,
 * confirmation), so an end-to-end test on the real clock can report an order dated before the complaint
 * period and see its reward become ready. Only with the developer tools on, like the mailbox.
 */
export async function backdateRecommendation(
  tenantSlug: string,
  nummer: string,
  days: number,
): Promise<boolean> {
  const db = await getDb()
  const shift = (column: AnyPgColumn) => sql`${column} - make_interval(days => ${days})`
  const [row] = await db
    .update(recommendations)
    .set({
      createdAt: shift(recommendations.createdAt),
      activatedAt: shift(recommendations.activatedAt),
      expiresAt: shift(recommendations.expiresAt),
    })
    .where(and(eq(recommendations.tenantSlug, tenantSlug), eq(recommendations.nummer, nummer)))
    .returning({ id: recommendations.id })
  if (!row) return false
  await db
    .update(recipients)
    .set({ createdAt: shift(recipients.createdAt), confirmedAt: shift(recipients.confirmedAt) })
    .where(eq(recipients.recommendationId, row.id))
  return true
}

/**
 * The next transaction id the database will hand out (PostgreSQL 13+ and PGlite): any transaction that
 * wrote and committed between two readings moves it on, while reads never do (they take no id). The
 * generated-input suite reads it around each batch of refusals to prove that none of them wrote a row.
 */
export async function writeWatermark(): Promise<string> {
  const db = await getDb()
  const result = await db.execute<{ xmax: string }>(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  )
  const row = (result as unknown as { rows: { xmax: string }[] }).rows[0]
  if (!row) throw new Error('no write watermark')
  return row.xmax
}

/**
 * How many of the transaction ids handed out from `since` (a watermark) on belong to transactions that
 * committed or are still running. An id is also taken by a transaction that only locked a row and was
 * then rolled back by a refusal: that one changed nothing and is not counted. At most the last
 * 100,000 ids are looked at (a test asks about the few requests since its last reading).
 */
export async function writesSince(since: string): Promise<number> {
  const db = await getDb()
  const result = await db.execute<{ writes: number }>(
    sql`select count(*)::int as writes
        from (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next) as handed,
          generate_series(greatest(${since}::bigint, handed.next - 100000), handed.next - 1) as id
        where pg_xact_status(id::text::xid8) is distinct from 'aborted'`,
  )
  return (result as unknown as { rows: { writes: number }[] }).rows[0]?.writes ?? 0
}
