import 'server-only'
import type { Db } from '@/lib/engine/db'
import { ApiError } from '@/lib/shared/errors'
import { counterKey, decide, reserve, type Counter } from '@/lib/engine/limits/counter'

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

/**
 * Runs `work`, which mails the recipient a new link (sendConfirmation records the mail), unless the
 * recipient had RECIPIENT_CONFIRM_MAILS_PER_HOUR within the hour (ZuVieleAnfragen). The request takes
 * its number first, so parallel requests cannot all pass the limit together.
 */
export async function withinConfirmationMailLimit<T>(
  db: Db,
  args: { tenantSlug: string; recipientId: string; now: Date },
  work: () => Promise<T>,
): Promise<T> {
  const reservation = await reserve(db, args.tenantSlug, [recipientMailCounter(args.recipientId)], args.now)
  try {
    const limit = { captchaAfter: null, refuseAfter: RECIPIENT_CONFIRM_MAILS_PER_HOUR }
    if (decide(reservation.tallies, [limit]) === 'refuse') throw new ApiError('ZuVieleAnfragen')
    return await work()
  } finally {
    await reservation.release()
  }
}
