import 'server-only'
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm'
import { throughRestarts, type Db } from '@/lib/engine/db'
import { mailOutbox } from '@/lib/db/schema'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { MailTransport, OutgoingMail } from './transports'

export const MAX_ATTEMPTS = 10
/**
 * How long a worker holds a claimed mail before another one may take it up: one send with its
 * timeouts (transports.ts, 3 × 30 s) fits. A server that died with claimed mails delays them this long.
 */
const LEASE_SECONDS = 120

/** 30 s, 1 min, 2 min … capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))
}

export type DeliveryReport = { sent: number; retried: number; failed: number }

/**
 * Sends the mails that are due. Claiming uses FOR UPDATE SKIP LOCKED, so several servers can run it
 * at once and each mail goes to exactly one of them; a failed send is retried with backoff, and given
 * up after MAX_ATTEMPTS. Idempotent: a second run right after sends nothing.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { clock?: Clock; batchSize?: number } = {},
): Promise<DeliveryReport> {
  const clock = options.clock ?? systemClock
  const now = clock()
  const claimed = await claim(db, now, options.batchSize ?? 20)
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 }
  for (const mail of claimed) {
    if (!(await stillMine(db, mail, clock()))) continue
    try {
      await transport.send(mail)
    } catch (error) {
      const attempts = mail.attempts + 1
      const giveUp = attempts >= MAX_ATTEMPTS
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lockedUntil: null,
          nextAttemptAt: new Date(now.getTime() + backoffSeconds(attempts) * 1000),
          // The reason only, never the mail's content or address.
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
        })
        .where(eq(mailOutbox.id, mail.id))
      if (giveUp) report.failed++
      else report.retried++
      continue
    }
    await noteSent(db, mail.id, now)
    report.sent++
  }
  return report
}

type ClaimedMail = OutgoingMail & { attempts: number; leaseEnd: Date }

/**
 * Notes a mail the transport took as sent. Only a failed send counts as a failed attempt: when the
 * note itself fails because the database restarts under it, it is made again until the database is
 * back (it changes nothing twice). Should the database stay away longer, the mail stays claimed and
 * goes out again once its lease has passed (at least once, with the same Message-ID).
 */
async function noteSent(db: Db, id: string, now: Date): Promise<void> {
  await throughRestarts(() =>
    db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, id)),
  )
}

/**
 * Before each send of a batch: a lease running out (slow sends before it) is renewed, and a mail whose
 * lease another worker has meanwhile taken over is left to that worker, so it is not sent twice.
 */
async function stillMine(db: Db, mail: ClaimedMail, now: Date): Promise<boolean> {
  if (mail.leaseEnd.getTime() - now.getTime() > (LEASE_SECONDS * 1000) / 2) return true
  const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000)
  const renewed = await db
    .update(mailOutbox)
    .set({ lockedUntil: leaseEnd })
    .where(
      and(
        eq(mailOutbox.id, mail.id),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.lockedUntil, mail.leaseEnd),
      ),
    )
    .returning({ id: mailOutbox.id })
  if (renewed.length === 0) return false
  mail.leaseEnd = leaseEnd
  return true
}

async function claim(db: Db, now: Date, limit: number): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + LEASE_SECONDS * 1000) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
    return rows.map((row) => ({
      id: row.id,
      tenantSlug: row.tenantSlug,
      from: row.fromAddress,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attempts: row.attempts,
      leaseEnd: row.lockedUntil!,
    }))
  })
}
