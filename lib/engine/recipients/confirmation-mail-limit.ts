import 'server-only'
import { counterKey, type Counter } from '@/lib/engine/limits/counter'

/** Confirmation mails per recipient and hour at most (the first one included): no one floods a mailbox. */
export const RECIPIENT_CONFIRM_MAILS_PER_HOUR = 3

/**
 * The counter of a recipient's confirmation mails within the hour (lib/engine/limits/counter.ts): each
 * mail is recorded where it is written (sendConfirmation), and a request for another takes its number
 * on it first.
 */
export function recipientMailCounter(recipientId: string): Counter {
  return { key: counterKey('mail-recipient-confirm', recipientId), windowMs: 60 * 60 * 1000 }
}
