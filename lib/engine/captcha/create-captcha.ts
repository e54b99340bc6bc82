import 'server-only'
import { createHmac } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { captchaChallenges } from '@/lib/db/schema'
import { devToolsEnabled, env } from '@/lib/shared/env'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { CaptchaChallenge } from '@/lib/contracts/account'
import { normalizeCaptchaAnswer, randomCaptchaText, renderCaptchaPng } from './render-captcha'
import { counterKey, enforceLimits, reserve, type Limit } from '@/lib/engine/limits/counter'

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

/**
 * New pictures asked for on their own (POST /captcha, "Neues Bild laden") per client IP within an hour:
 * each is a row and a rendered picture, so one client must not make them in bulk. Generous, as an office
 * or a mobile carrier shares one address; from the 121st within the hour ZuVieleAnfragen.
 */
export const CAPTCHA_LIMIT = { WindowMs: 60 * 60 * 1000, MaxPerIpPerHour: 120 } as const

const captchaLimit: Limit = { captchaAfter: null, refuseAfter: CAPTCHA_LIMIT.MaxPerIpPerHour }

/** POST /captcha: a new challenge for a client, within the client's hourly limit. */
export async function createCaptchaForClient(
  db: Db,
  tenantSlug: string,
  ip: string | null,
  clock: Clock = systemClock,
): Promise<CaptchaChallenge> {
  const counters = ip ? [{ key: counterKey('captcha-ip', ip), windowMs: CAPTCHA_LIMIT.WindowMs }] : []
  const reservation = await reserve(db, tenantSlug, counters, clock())
  try {
    await enforceLimits(db, {
      tenantSlug,
      tallies: reservation.tallies,
      limits: [captchaLimit],
      captcha: {},
      clock,
    })
    const { answer: _answer, ...challenge } = await createCaptcha(db, tenantSlug, clock)
    void _answer
    await reservation.count()
    return challenge
  } finally {
    await reservation.release()
  }
}
