import 'server-only'
import { timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { captchaChallenges } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { hashCaptchaAnswer } from './create-captcha'

/**
 * Checks a solution where the server demands a captcha: none given → CaptchaRequired; unknown, used,
 * expired or wrong → CaptchaWrong. A challenge is used up by any attempt, right or wrong.
 */
export async function verifyCaptcha(
  db: Db,
  args: { tenantSlug: string; id?: string; answer?: string; clock?: Clock },
): Promise<void> {
  if (!args.id || !args.answer) throw new ApiError('CaptchaRequired')
  const now = (args.clock ?? systemClock)()
  const [challenge] = await db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(captchaChallenges.id, args.id),
        eq(captchaChallenges.tenantSlug, args.tenantSlug),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ answerHash: captchaChallenges.answerHash })
  if (!challenge) throw new ApiError('CaptchaWrong')
  const expected = Buffer.from(challenge.answerHash, 'hex')
  const given = Buffer.from(hashCaptchaAnswer(args.id, args.answer), 'hex')
  if (!timingSafeEqual(expected, given)) throw new ApiError('CaptchaWrong')
}
