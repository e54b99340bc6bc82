import { statusBar, type StatusBarInput } from './status-bar'

const base: StatusBarInput = {
  recommendation: 'Ok',
  friend: 'none',
  order: null,
  reward: null,
  needsBankData: false,
}
const order = (status: 'Offen' | 'Gezahlt' | 'Storniert') => ({ status, auftragsdatum: '2026-10-01' })
const reward = (
  status: 'Offen' | 'Bereitgestellt' | 'Abgeholt' | 'Ausgezahlt' | 'Storniert' | 'Abgelaufen',
  auswahl: 'Bargeld' | 'Gutschein' | null = null,
) => ({ nummer: 'P000000001', status, auswahl })

describe('statusBar', () => {
  it('asks for the opt-in while participation is not confirmed', () => {
    expect(statusBar({ ...base, recommendation: 'OptInRequired' })).toMatchObject({
      Text: 'optinFehlt',
      Schritt: 1,
    })
  })

  it('says the friend has not responded, with sharing as the next action', () => {
    expect(statusBar(base)).toEqual({
      Text: 'nichtReagiert',
      Schritt: 1,
      Aktion: 'teilen',
      Datum: null,
      PraemieId: null,
    })
  })

  it('says expired when the friend never reacted within the validity', () => {
    expect(statusBar({ ...base, recommendation: 'Abgelaufen' })).toMatchObject({
      Text: 'abgelaufen',
      Aktion: null,
    })
  })

  it('says only what the friend really did before an order, also after the link expired', () => {
    expect(statusBar({ ...base, friend: 'opened' })).toMatchObject({
      Text: 'linkGeoeffnet',
      Schritt: 1,
      Aktion: 'teilen',
    })
    expect(statusBar({ ...base, friend: 'opened', recommendation: 'Abgelaufen' }).Text).toBe('abgelaufen')
    expect(statusBar({ ...base, friend: 'entered' })).toMatchObject({ Text: 'datenEingegeben', Schritt: 2 })
    expect(statusBar({ ...base, friend: 'confirmed' })).toMatchObject({ Text: 'datenBestaetigt', Schritt: 2 })
    // Following the order link is no order: never "in processing" without one.
    expect(statusBar({ ...base, friend: 'ordering' })).toMatchObject({ Text: 'zurBestellung', Schritt: 2 })
    for (const friend of ['entered', 'confirmed', 'ordering'] as const)
      expect(statusBar({ ...base, friend, recommendation: 'Abgelaufen' }).Text).not.toBe('abgelaufen')
  })

  it('is in processing since the order date while the order is open, concluded once completed', () => {
    expect(
      statusBar({ ...base, friend: 'ordering', order: order('Offen'), reward: reward('Offen') }),
    ).toMatchObject({ Text: 'inBearbeitung', Datum: '2026-10-01', Schritt: 3 })
    expect(
      statusBar({ ...base, friend: 'ordering', order: order('Gezahlt'), reward: reward('Offen') }),
    ).toMatchObject({ Text: 'vertragAbgeschlossen', Datum: '2026-10-01', Schritt: 3 })
    // The friend gets the whole reward: the referrer still sees the contract.
    expect(statusBar({ ...base, order: order('Gezahlt') }).Text).toBe('vertragAbgeschlossen')
  })

  it("says so while an agency's order waits for the agency's release", () => {
    const waiting = { ...order('Gezahlt'), awaitingRelease: true }
    expect(statusBar({ ...base, friend: 'ordering', order: waiting, reward: reward('Offen') })).toMatchObject(
      {
        Text: 'freigabeAusstehend',
        Datum: '2026-10-01',
        Schritt: 3,
      },
    )
    expect(statusBar({ ...base, order: { ...order('Storniert'), awaitingRelease: true } }).Text).toBe(
      'keinVertrag',
    )
  })

  it('says no contract when the order was cancelled', () => {
    expect(statusBar({ ...base, order: order('Storniert') }).Text).toBe('keinVertrag')
    expect(statusBar({ ...base, order: order('Storniert'), reward: reward('Storniert') }).Text).toBe(
      'keinVertrag',
    )
  })

  it('offers to pick up a ready reward, or asks for bank data when only cash is possible', () => {
    const ready = { ...base, order: order('Gezahlt'), reward: reward('Bereitgestellt') }
    expect(statusBar(ready)).toMatchObject({
      Text: 'praemieAbholen',
      Aktion: 'abholen',
      PraemieId: 'P000000001',
      Schritt: 4,
    })
    expect(statusBar({ ...ready, needsBankData: true })).toMatchObject({
      Text: 'bankdatenEingeben',
      Aktion: 'bankdaten',
    })
  })

  it('says ready once picked and waiting for the transfer, paid once collected or paid', () => {
    const o = order('Gezahlt')
    expect(statusBar({ ...base, order: o, reward: reward('Bereitgestellt', 'Bargeld') }).Text).toBe(
      'praemieBereit',
    )
    expect(statusBar({ ...base, order: o, reward: reward('Ausgezahlt', 'Bargeld') }).Text).toBe(
      'praemieAusgezahlt',
    )
    expect(statusBar({ ...base, order: o, reward: reward('Abgeholt', 'Gutschein') }).Text).toBe(
      'praemieAusgezahlt',
    )
  })

  it('keeps a paid reward paid even if the order is cancelled afterwards', () => {
    expect(
      statusBar({ ...base, order: order('Storniert'), reward: reward('Ausgezahlt', 'Bargeld') }).Text,
    ).toBe('praemieAusgezahlt')
  })

  it('says the reward expired', () => {
    expect(statusBar({ ...base, order: order('Gezahlt'), reward: reward('Abgelaufen') }).Text).toBe(
      'praemieAbgelaufen',
    )
  })
})
