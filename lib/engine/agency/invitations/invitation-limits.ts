import 'server-only'
import { counterKey, type Counter, type Limit } from '@/lib/engine/limits/counter'
import type { TenantSettings } from '@/lib/shared/tenants/settings'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/**
 * The limits of PUT Einladung (tenant setting InvitationLimits): per employee number within a day and
 * per client IP within an hour, a captcha from the first number on, refusal at the second. Counters and
 * limits pair by position, as every limit does (lib/engine/limits/counter.ts).
 */
export function invitationCounters(
  settings: Pick<TenantSettings, 'InvitationLimits'>,
  args: { employeeNumber: string | null; ip: string | null },
): { counters: Counter[]; limits: Limit[] } {
  const limits = settings.InvitationLimits
  const counters: Counter[] = []
  const byCounter: Limit[] = []
  if (args.employeeNumber) {
    counters.push({ key: counterKey('invite-employee', args.employeeNumber.toLowerCase()), windowMs: DAY_MS })
    byCounter.push({
      captchaAfter: limits.PerEmployeePerDayCaptcha,
      refuseAfter: limits.PerEmployeePerDayMax,
    })
  }
  if (args.ip) {
    counters.push({ key: counterKey('invite-ip', args.ip), windowMs: HOUR_MS })
    byCounter.push({ captchaAfter: limits.PerIpPerHourCaptcha, refuseAfter: limits.PerIpPerHourMax })
  }
  return { counters, limits: byCounter }
}
