import { germanToday, isActiveReward, rewardPeriods } from '@/lib/shared/catalog/reward-periods'

const reward = (
  Id: number,
  Startdatum: string,
  Enddatum: string | null,
  EnddatumAnzeige: string | null = null,
) => ({
  Id,
  Wert: '',
  WertCent: Id * 1000,
  Startdatum,
  Enddatum,
  EnddatumAnzeige,
})

describe('the active rule of SPEC §4', () => {
  it('is active from its start date through its end date, both included', () => {
    const r = reward(7, '2026-11-01', '2026-12-31')
    expect(isActiveReward(r, '2026-10-31')).toBe(false)
    expect(isActiveReward(r, '2026-11-01')).toBe(true)
    expect(isActiveReward(r, '2026-12-31')).toBe(true)
    expect(isActiveReward(r, '2027-01-01')).toBe(false)
  })

  it('ends with the display end date when that comes first; an open period never ends', () => {
    expect(isActiveReward(reward(7, '2026-11-01', '2026-12-31', '2026-12-15'), '2026-12-16')).toBe(false)
    expect(isActiveReward(reward(7, '2026-11-01', null), '2099-01-01')).toBe(true)
  })

  it('finds the current and the next period in any order', () => {
    const current = reward(7, '2026-09-01', '2026-12-31', '2026-12-31')
    const next = reward(8, '2027-01-01', null)
    expect(rewardPeriods([next, current], '2026-11-22')).toEqual({ current, next })
    expect(rewardPeriods([next, current], '2027-01-01')).toEqual({ current: next, next: null })
    expect(rewardPeriods([next], '2026-11-22')).toEqual({ current: null, next })
  })

  it('takes today in German time', () => {
    expect(germanToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
    expect(germanToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30')
  })
})
