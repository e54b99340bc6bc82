import type { Locale } from '@/lib/i18n/config'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { rewardMode, rewardSplit, type RewardMode, type ShareTexts } from './share-links'

/** The keys of the Share.Messages namespace: the SPEC §3 channel wordings per reward mode. */
export type ShareMessageKey = RewardMode | 'EmailSubject' | 'EmailEmpfehler' | 'EmailBoth' | 'EmailEmpfaenger'

/** A translator of the Share.Messages namespace (next-intl's, or a test's). */
export type ShareMessageTranslator = (key: ShareMessageKey, values: Record<string, string>) => string

export type RewardFacts = {
  /** The recommendation's whole reward in cents (0 without a reward). */
  totalCents: number
  /** The referrer's share in percent (100, 50, 0). */
  anteilEmpfehler: number
  /** The tenant's cap on the friend's part (MaxEmpfaengerPraemieCent). */
  maxRecipientCents: number | null
}

export type FriendReward = {
  /**
   * The mode the texts speak in: the recommendation's reward mode, except that a friend whose part comes
   * to nothing (no reward, or a cap of 0) is promised nothing, so the texts speak as if the referrer kept it.
   */
  mode: RewardMode
  friendCents: number
  referrerCents: number
}

/** What the friend and the referrer get, and the reward mode the texts to the friend may use. */
export function friendReward({ totalCents, anteilEmpfehler, maxRecipientCents }: RewardFacts): FriendReward {
  const split = rewardSplit(totalCents, anteilEmpfehler, maxRecipientCents)
  const mode = rewardMode(anteilEmpfehler)
  return { ...split, mode: split.friendCents > 0 ? mode : 'Empfehler' }
}

export type ShareWordingInput = RewardFacts & {
  mandant: string
  produkt: string
  vorname: string
  nachname: string
  locale: Locale
}

export type ShareWording = FriendReward & {
  /** The friend's amount as the texts write it ("35 €"); empty when the friend gets nothing. */
  praemie: string
  /** The channel texts with a given link in them (every channel marks its own link). */
  texts: (link: string) => ShareTexts
}

/**
 * The share messages of a recommendation (SPEC §3: a variant per reward mode, the e-mail a longer
 * greeting with a sign-off). A reward figure in them is always the friend's own part: a referrer who
 * keeps the whole reward sends the plain recommendation.
 */
export function shareWording(t: ShareMessageTranslator, input: ShareWordingInput): ShareWording {
  const reward = friendReward(input)
  const praemie = reward.friendCents > 0 ? formatRewardValue(reward.friendCents, input.locale) : ''
  const values = (link: string) => ({
    mandant: input.mandant,
    produkt: input.produkt,
    praemie,
    link,
    vorname: input.vorname,
    nachname: input.nachname,
  })
  return {
    ...reward,
    praemie,
    texts: (link) => ({
      short: t(reward.mode, values(link)),
      emailSubject: t('EmailSubject', values(link)),
      emailBody: t(`Email${reward.mode}`, values(link)),
    }),
  }
}

/** The share sheet's text: the short message without its link (the sheet passes the link as the url). */
export function sheetText(short: string, link: string): string {
  return short
    .replace(link, '')
    .replace(/[\s:]+$/, '')
    .trim()
}
