import { shownState } from './shown-state'

describe('shownState', () => {
  it('shows a ready reward that was picked as chosen, every other reward by its state', () => {
    expect(shownState({ Status: 'Bereitgestellt', Auswahl: null })).toBe('Bereitgestellt')
    for (const Auswahl of ['Bargeld', 'Gutschein', 'Gutschrift'] as const)
      expect(shownState({ Status: 'Bereitgestellt', Auswahl })).toBe('Gewaehlt')
    expect(shownState({ Status: 'Ausgezahlt', Auswahl: 'Bargeld' })).toBe('Ausgezahlt')
    expect(shownState({ Status: 'Abgeholt', Auswahl: 'Gutschein' })).toBe('Abgeholt')
    expect(shownState({ Status: 'Offen', Auswahl: null })).toBe('Offen')
  })
})
