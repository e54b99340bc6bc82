import 'server-only'
import { counterKey, type Counter } from '@/lib/engine/limits/counter'

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
 * How a sender counts its mail: it records it on the counter itself, or the request that reserved its
 * number there counts it (`Reservation.countedTransaction`, so the mail is not counted twice meanwhile).
 */
export type MailCounting = 'record' | 'counted by the caller'
