import type { Praemierung } from '@/lib/contracts/praemierung'

/** The key of a reward's kind in the Reward texts: the bonus, the referrer's, or the recipient's reward. */
export function rewardKindKey(reward: Pick<Praemierung, 'Art' | 'Beguenstigter'>) {
  return reward.Art === 'Bonus' ? 'kind.Bonus' : (`kind.${reward.Beguenstigter}` as const)
}
