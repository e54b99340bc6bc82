import type { RewardChoice, RewardState } from '@/lib/contracts/praemierung'

/**
 * The state a reward shows its person: a ready reward that was picked (cash, credit, a voucher whose code
 * is still to come) says so until it is paid, instead of still reading as ready to collect.
 */
export function shownState(reward: {
  Status: RewardState
  Auswahl: RewardChoice | null
}): RewardState | 'Gewaehlt' {
  return reward.Status === 'Bereitgestellt' && reward.Auswahl ? 'Gewaehlt' : reward.Status
}
