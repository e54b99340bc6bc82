import 'server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { throughRestarts, type Db } from '@/lib/engine/db'
import { mailOutbox } from '@/lib/db/schema'
import { rowsOf } from '@/lib/db/plain-statements'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { log } from '@/lib/shared/log'
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
  // Just claimed, so every lease is fresh (stillMine).
  if (transport.sendAll && claimed.length > 0 && (await sentAll(transport.sendAll, claimed))) {
    await noteSent(
      db,
      claimed.map((mail) => mail.id),
      now,
    )
    report.sent = claimed.length
    return report
  }
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
    await noteSent(db, [mail.id], now)
    report.sent++
  }
  return report
}

type ClaimedMail = OutgoingMail & { attempts: number; leaseEnd: Date }

/** Whether the batch went out at once; when not, each mail is tried on its own (and fails on its own). */
async function sentAll(
  sendAll: NonNullable<MailTransport['sendAll']>,
  mails: ClaimedMail[],
): Promise<boolean> {
  try {
    await sendAll(mails)
    return true
  } catch (error) {
    log.warn('mail outbox: the batch failed, sending one at a time', {
      mails: mails.length,
      error: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

/**
 * Notes mails the transport took as sent. Only a failed send counts as a failed attempt: when the
 * note itself fails because the database restarts under it, it is made again until the database is
 * back (it changes nothing twice). Should the database stay away longer, the mail stays claimed and
 * goes out again once its lease has passed (at least once, with the same Message-ID).
 */
async function noteSent(db: Db, ids: string[], now: Date): Promise<void> {
  await throughRestarts(() =>
    db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(inArray(mailOutbox.id, ids)),
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

/**
 * Takes up to `limit` due mails for this worker, in one statement: the rows another worker is taking
 * at the same moment are skipped, and each taken one is leased for LEASE_SECONDS.
 */
async function claim(db: Db, now: Date, limit: number): Promise<ClaimedMail[]> {
  const at = now.toISOString()
  const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString()
  const result = await db.execute(sql`
    with due as materialized (
      select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= ${at}::timestamptz)
           or (status = 'sending' and locked_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    update mail_outbox set status = 'sending', locked_until = ${leaseEnd}::timestamptz
      from due where mail_outbox.id = due.id
      returning mail_outbox.id, tenant_slug, from_address, recipient, subject, html, text, attempts, locked_until`)
  const claimed = rowsOf(mailOutbox, result, [
    'id',
    'tenantSlug',
    'fromAddress',
    'recipient',
    'subject',
    'html',
    'text',
    'attempts',
    'lockedUntil',
  ])
  return claimed.map((row) => ({
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
}
