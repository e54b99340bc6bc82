import 'server-only'
import { createHmac } from 'node:crypto'
import { getDb } from '@/lib/db/client'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/errors'
import type { Landing } from '@/lib/contracts/recipient'
import { offlineCodeInputSchema } from '@/lib/contracts/recipient'
import { recordWindowFailure, windowFailures } from '@/lib/engine/auth/login-throttle'
import { verifyCaptcha } from '@/lib/engine/captcha/verify-captcha'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { findSharedRecommendation, toLanding } from './landing'

const WINDOW_MS = 60 * 60 * 1000

function clientKey(ip: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`code-ip:${ip}`).digest('hex')
}

/**
 * GET /empfehlung/empfehlungscode/{code}: the recommendation of an offline code, in whatever state (the
 * landing shows expired and blocked ones). A wrong code answers EmpfehlungscodeUngueltig and counts
 * against the client: from the tenant's number of wrong codes within the hour on a solved captcha is
 * demanded (CaptchaRequired, CaptchaWrong), at the maximum the client is refused (ZuVieleAnfragen).
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
  const key = options.ip ? clientKey(options.ip) : null
  const failures = key ? await windowFailures(db, tenant.slug, key, now, WINDOW_MS) : 0
  if (failures >= limits.WrongCodesPerIpPerHourMax) throw new ApiError('ZuVieleAnfragen')
  if (failures >= limits.WrongCodesPerIpPerHourCaptcha)
    await verifyCaptcha(db, {
      tenantSlug: tenant.slug,
      id: options.captcha?.CaptchaId,
      answer: options.captcha?.CaptchaLoesung,
      clock,
    })
  const code = offlineCodeInputSchema.safeParse(input)
  try {
    if (!code.success) throw new ApiError('NichtGefunden')
    return toLanding(tenant, await findSharedRecommendation(db, tenant, { code: code.data }), now)
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
    if (key) await recordWindowFailure(db, tenant.slug, key, now, WINDOW_MS)
    throw new ApiError('EmpfehlungscodeUngueltig')
  }
}
