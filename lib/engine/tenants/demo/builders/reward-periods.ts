import type { DemoReward } from '../types'

const DAY_MS = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Reward periods relative to the seeding day, so a fresh database always has a current and a next period. */
export function demoRewardPeriods(
  today: Date,
  ids: [number, number],
  currentCent: number,
  nextCent: number,
): DemoReward[] {
  const year = today.getUTCFullYear()
  const month = today.getUTCMonth()
  const start = Date.UTC(year, month - 2, 1)
  // Day 0 of the month after next is the last day of the month after today.
  const end = Date.UTC(year, month + 2, 0)
  const currentEnd = isoDate(end)
  return [
    {
      id: ids[0],
      wertCent: currentCent,
      startdatum: isoDate(start),
      enddatum: currentEnd,
      enddatumAnzeige: currentEnd,
    },
    {
      id: ids[1],
      wertCent: nextCent,
      startdatum: isoDate(end + DAY_MS),
      enddatum: null,
      enddatumAnzeige: null,
    },
  ]
}
