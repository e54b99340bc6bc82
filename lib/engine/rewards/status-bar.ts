import type { RecommendationState } from '@/lib/contracts/recommendation'
import type { OrderState, RewardChoice, RewardState, StatusBar } from '@/lib/contracts/praemierung'

export type StatusBarInput = {
  recommendation: RecommendationState
  /** The friend entered their data through the link (or the code). */
  reacted: boolean
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
 * collected.
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
    return bar('vertragAbgeschlossen', 3, null, order.auftragsdatum)
  }
  if (input.recommendation === 'OptInRequired') return bar('optinFehlt', 1)
  if (input.reacted) return bar('inBearbeitung', 2)
  if (input.recommendation === 'Abgelaufen') return bar('abgelaufen', 1)
  return bar('nichtReagiert', 1, 'teilen')
}
