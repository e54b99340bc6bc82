import 'server-only'
import type { Db } from '@/lib/engine/db'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { CaptchaChallenge } from '@/lib/contracts/account'
import { counterKey, enforceLimits, reserve, type Limit } from '@/lib/engine/limits/counter'
import { createCaptcha } from './create-captcha'

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
