import 'server-only'
import { createHmac } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { captchaChallenges } from '@/lib/db/schema'
import { devToolsEnabled, env } from '@/lib/shared/env'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { CaptchaChallenge } from '@/lib/contracts/account'
import { normalizeCaptchaAnswer, randomCaptchaText, renderCaptchaPng } from './render-captcha'

/** A challenge is valid for five minutes and solved at most once. */
export const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000

export function hashCaptchaAnswer(challengeId: string, answer: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET)
    .update(`captcha:${challengeId}:${normalizeCaptchaAnswer(answer)}`)
    .digest('hex')
}

/** A new challenge: the picture goes to the client, only a keyed hash of the answer is stored. */
export async function createCaptcha(
  db: Db,
  tenantSlug: string,
  clock: Clock = systemClock,
): Promise<CaptchaChallenge & { answer: string }> {
  const now = clock()
  const answer = randomCaptchaText()
  const expiresAt = new Date(now.getTime() + CAPTCHA_LIFETIME_MS)
  const id = crypto.randomUUID()
  // Old challenges are of no use to anyone: clear them as new ones are made.
  await db
    .delete(captchaChallenges)
    .where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - 60 * 60 * 1000)))
  await db.insert(captchaChallenges).values({
    id,
    tenantSlug,
    answerHash: hashCaptchaAnswer(id, answer),
    // The plain answer only for the developer tools' GET /api/dev/captcha/{id}; without them, only the hash.
    devAnswer: devToolsEnabled() ? answer : null,
    expiresAt,
  })
  return {
    CaptchaId: id,
    Bild: `data:image/png;base64,${renderCaptchaPng(answer).toString('base64')}`,
    GueltigBis: expiresAt.toISOString(),
    answer,
  }
}
