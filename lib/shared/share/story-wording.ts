import type { Locale } from '@/lib/i18n/config'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { FriendReward } from './share-texts'

/** The keys of the Story namespace the wording uses. */
export type StoryKey = 'headline' | 'forYou' | 'rewardCaption' | 'forMe' | 'benefitLabel'
export type StoryTranslator = (key: StoryKey, values?: Record<string, string>) => string

export type StoryWording = {
  headline: string
  product: string
  /** The product's concrete benefit, shown where no reward figure is for the friend. */
  benefit: { label: string; text: string } | null
  /** The friend's own reward; null when the referrer keeps it all. */
  reward: { label: string; amount: string; caption: string; forMe: string | null } | null
}

/**
 * The words of the Instagram story picture by reward mode. A figure on the picture is always the
 * friend's own: a referrer who keeps 100 % shows the product and its benefit, never his own reward (a
 * friend would read it as his bonus); a friend who gets a part reads "Für dich" with his amount; 50:50
 * adds what the referrer gets.
 */
export function storyWording(
  t: StoryTranslator,
  input: { reward: FriendReward; product: string; benefit: string | null; locale: Locale },
): StoryWording {
  const { reward, product, benefit, locale } = input
  const headline = t('headline')
  if (reward.mode === 'Empfehler' || reward.friendCents <= 0) {
    return {
      headline,
      product,
      benefit: benefit ? { label: t('benefitLabel'), text: benefit } : null,
      reward: null,
    }
  }
  return {
    headline,
    product,
    benefit: null,
    reward: {
      label: t('forYou'),
      amount: formatRewardValue(reward.friendCents, locale),
      caption: t('rewardCaption'),
      forMe:
        reward.mode === 'Both' && reward.referrerCents > 0
          ? t('forMe', { praemie: formatRewardValue(reward.referrerCents, locale) })
          : null,
    },
  }
}
