import type { Praemie } from '@/lib/contracts/catalog'

/**
 * SPEC §4: a reward is active when its start date is on or before today and neither its end date nor
 * its display end date has passed. `today` is an ISO date (YYYY-MM-DD) in German time.
 */
export function isActiveReward(
  reward: Pick<Praemie, 'Startdatum' | 'Enddatum' | 'EnddatumAnzeige'>,
  today: string,
) {
  if (reward.Startdatum > today) return false
  if (reward.Enddatum !== null && reward.Enddatum < today) return false
  if (reward.EnddatumAnzeige !== null && reward.EnddatumAnzeige < today) return false
  return true
}

/** The reward period in force today and the one that follows it (SPEC §3 current and next period). */
export function rewardPeriods(
  rewards: Praemie[],
  today: string,
): { current: Praemie | null; next: Praemie | null } {
  const sorted = [...rewards].sort((a, b) => a.Startdatum.localeCompare(b.Startdatum))
  const current = sorted.find((r) => isActiveReward(r, today)) ?? null
  const next = sorted.find((r) => r.Startdatum > today) ?? null
  return { current, next }
}

/** YYYY-MM-DD in Berlin (en-CA writes dates so); made once, it is asked on every catalogue page. */
const BERLIN_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })

/** The last answer, for its minute: Berlin's offset is whole hours, so a minute has one date there. */
let lastAnswer = { minute: Number.NaN, today: '' }

/** Today's date in German time as YYYY-MM-DD (formatted once a minute: asked on every call). */
export function germanToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000)
  if (minute !== lastAnswer.minute) lastAnswer = { minute, today: BERLIN_DATE.format(now) }
  return lastAnswer.today
}
