import 'server-only'
import { getDb } from '@/lib/engine/db'
import { ApiError } from '@/lib/shared/errors'
import type { Landing } from '@/lib/contracts/recipient'
import { offlineCodeInputSchema } from '@/lib/contracts/recipient'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { counterKey, enforceLimits, reserve, type Counter } from '@/lib/engine/limits/counter'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findSharedRecommendation, toLanding } from './landing'

const WINDOW_MS = 60 * 60 * 1000

/**
 * GET /empfehlung/empfehlungscode/{code}: the recommendation of an offline code, in whatever state (the
 * landing shows expired and blocked ones). A wrong code answers EmpfehlungscodeUngueltig and counts
 * against the client (lib/engine/limits/counter.ts: the attempt takes its number before the code is
 * looked up, so parallel guesses see each other): from the tenant's number of wrong codes within the
 * hour on a solved captcha is demanded (CaptchaRequired, CaptchaWrong; the wrong code that reaches the
 * number says so already, CaptchaErforderlich), past the maximum the client is refused (ZuVieleAnfragen).
 */
export async function resolveCode(
  tenant: Tenant,
  input: string,
  options: { ip: string | null; captcha?: { CaptchaId?: string; CaptchaLoesung?: string }; clock?: Clock },
): Promise<Landing> {
  const clock = options.clock ?? systemClock
  const now = clock()
  const limits = tenant.settings.RecommendationLimits
  const db = await getDb()
  const counters: Counter[] = options.ip
    ? [{ key: counterKey('code-ip', options.ip), windowMs: WINDOW_MS }]
    : []
  const reservation = await reserve(db, tenant.slug, counters, now)
  try {
    await enforceLimits(db, {
      tenantSlug: tenant.slug,
      tallies: reservation.tallies,
      limits: [
        {
          captchaAfter: limits.WrongCodesPerIpPerHourCaptcha,
          refuseAfter: limits.WrongCodesPerIpPerHourMax,
        },
      ],
      captcha: { id: options.captcha?.CaptchaId, answer: options.captcha?.CaptchaLoesung },
      clock,
    })
    const code = offlineCodeInputSchema.safeParse(input)
    try {
      if (!code.success) throw new ApiError('NichtGefunden')
      return toLanding(tenant, await findSharedRecommendation(db, tenant, { code: code.data }), now)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
      const [wrong = 0] = await reservation.count()
      throw new ApiError('EmpfehlungscodeUngueltig', {
        captchaRequired:
          wrong >= limits.WrongCodesPerIpPerHourCaptcha && wrong < limits.WrongCodesPerIpPerHourMax,
      })
    }
  } finally {
    // Refused before the lookup, or a right code: nothing counts.
    await reservation.release()
  }
}
