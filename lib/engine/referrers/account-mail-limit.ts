import 'server-only'
import type { Db } from '@/lib/engine/db'
import { counterKey, record, type Counter } from '@/lib/engine/limits/counter'

/** Welcome mails per account and hour at most (the registration's included): no one floods a mailbox. */
export const WELCOME_MAILS_PER_HOUR = 3

const HOUR_MS = 60 * 60 * 1000

/**
 * The counter of an account's welcome or participation mails within the hour
 * (lib/engine/limits/counter.ts): every such mail is recorded where it is written, and a request to send
 * one again takes its number on it first.
 */
export function accountMailCounter(purpose: 'welcome' | 'participation', referrerId: string): Counter {
  return { key: counterKey(`mail-${purpose}`, referrerId), windowMs: HOUR_MS }
}

/**
 * Records an account mail the engine sends on its own (the registration's, the recommendation's opt-in),
 * in the transaction that writes it. A request to send one again counts its own reservation instead
 * (`Reservation.countedTransaction`), so its mail is not counted twice.
 */
export async function recordAccountMail(
  tx: Db,
  tenantSlug: string,
  purpose: 'welcome' | 'participation',
  referrerId: string,
  now: Date,
): Promise<void> {
  await record(tx, tenantSlug, [accountMailCounter(purpose, referrerId)], now)
}
