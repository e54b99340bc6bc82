import type { RecommendationState } from '@/lib/contracts/recommendation'
import type { OrderState, RewardChoice, RewardState, StatusBar } from '@/lib/contracts/praemierung'

/**
 * How far the friend came before any order, as far as the engine knows it: the link was opened (a
 * landing or click was counted; it may have been anyone), data entered, data confirmed by the mailed
 * link, sent on to the provider's order page.
 */
export type FriendProgress = 'none' | 'opened' | 'entered' | 'confirmed' | 'ordering'

export type StatusBarInput = {
  recommendation: RecommendationState
  friend: FriendProgress
  /** The latest order; `awaitingRelease` while an agency's order waits for the agency's release. */
  order: { status: OrderState; auftragsdatum: string; awaitingRelease?: boolean } | null
  /** The referrer's own standard reward of this recommendation (none when the friend gets it all). */
  reward: { nummer: string; status: RewardState; auswahl: RewardChoice | null } | null
  /** The reward can only be collected as cash and the referrer has no bank data stored. */
  needsBankData: boolean
}

/**
 * The status bar of one recommendation (SPEC §4): which of the texts applies, the date it names, how far
 * along it is, and the next action as a button. The order decides before the friend's reaction, the
 * referrer's reward before the order; a cancelled order is "no contract" unless a reward was already
 * collected. An order reported open is "in processing" (since its date), a completed one "contract
 * concluded on"; before an order the text says only what the friend really did, never "in processing".
 */
export function statusBar(input: StatusBarInput): StatusBar {
  const { order, reward } = input
  const bar = (
    Text: StatusBar['Text'],
    Schritt: number,
    Aktion: StatusBar['Aktion'] = null,
    Datum: string | null = null,
  ): StatusBar => ({ Text, Schritt, Aktion, Datum, PraemieId: Aktion && reward ? reward.nummer : null })

  if (reward && order?.status !== 'Storniert') {
    switch (reward.status) {
      case 'Bereitgestellt':
        if (reward.auswahl) return bar('praemieBereit', 4, 'details')
        return input.needsBankData
          ? bar('bankdatenEingeben', 4, 'bankdaten')
          : bar('praemieAbholen', 4, 'abholen')
      case 'Abgeholt':
      case 'Ausgezahlt':
        return bar('praemieAusgezahlt', 4, 'details')
      case 'Abgelaufen':
        return bar('praemieAbgelaufen', 4)
      case 'Storniert':
        return bar('keinVertrag', 3)
      case 'Offen':
        break
    }
  }
  if (reward && (reward.status === 'Abgeholt' || reward.status === 'Ausgezahlt'))
    return bar('praemieAusgezahlt', 4, 'details')
  if (order) {
    if (order.status === 'Storniert') return bar('keinVertrag', 3)
    if (order.awaitingRelease) return bar('freigabeAusstehend', 3, null, order.auftragsdatum)
    if (order.status === 'Offen') return bar('inBearbeitung', 3, null, order.auftragsdatum)
    return bar('vertragAbgeschlossen', 3, null, order.auftragsdatum)
  }
  if (input.recommendation === 'OptInRequired') return bar('optinFehlt', 1)
  switch (input.friend) {
    case 'ordering':
      return bar('zurBestellung', 2)
    case 'confirmed':
      return bar('datenBestaetigt', 2)
    case 'entered':
      return bar('datenEingegeben', 2)
    case 'opened':
      if (input.recommendation === 'Abgelaufen') return bar('abgelaufen', 1)
      return bar('linkGeoeffnet', 1, 'teilen')
    case 'none':
      break
  }
  if (input.recommendation === 'Abgelaufen') return bar('abgelaufen', 1)
  return bar('nichtReagiert', 1, 'teilen')
}
