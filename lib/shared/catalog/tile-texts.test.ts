import { featureLines, rewardNote, rewardRange } from './tile-texts'

const period = (Id: number, WertCent: number, Startdatum: string, Enddatum: string | null) => ({
  Id,
  Wert: `${WertCent / 100} €`,
  WertCent,
  Startdatum,
  Enddatum,
  EnddatumAnzeige: null,
})

describe('featureLines', () => {
  it('starts a new line at a break, a list item or a paragraph and keeps plain text', () => {
    expect(
      featureLines('Dual-Kamera<br>40 GB Datenvolumen', '<ul><li>A &amp; B</li><li>C</li></ul>', ''),
    ).toEqual(['Dual-Kamera', '40 GB Datenvolumen', 'A & B', 'C'])
    expect(featureLines('<p><strong>50</strong>&nbsp;MBit/s</p><p>Router</p>')).toEqual([
      '50 MBit/s',
      'Router',
    ])
  })
})

describe('rewardNote', () => {
  const today = '2026-11-22'
  it('names a change of the amount once', () => {
    const note = rewardNote(
      [period(1, 7000, '2026-01-01', '2026-12-31'), period(2, 7500, '2027-01-01', null)],
      today,
    )
    expect(note).toMatchObject({ kind: 'change', current: { WertCent: 7000 }, next: { WertCent: 7500 } })
  })
  it('says nothing when the next period keeps the amount, or when nothing ends', () => {
    expect(
      rewardNote([period(1, 9000, '2026-01-01', '2026-12-31'), period(2, 9000, '2027-01-01', null)], today),
    ).toBeNull()
    expect(rewardNote([period(1, 9000, '2026-01-01', null)], today)).toBeNull()
  })
  it('names the end of a reward nothing follows, and a reward still to come', () => {
    expect(rewardNote([period(1, 9000, '2026-01-01', '2026-12-31')], today)).toEqual({
      kind: 'ends',
      current: expect.objectContaining({ Id: 1 }),
      enddatum: '2026-12-31',
    })
    expect(rewardNote([period(2, 5000, '2027-01-01', null)], today)).toMatchObject({ kind: 'starts' })
  })
})

describe('rewardRange', () => {
  const today = '2026-11-22'
  it('is one amount when all agree, "up to" the highest when they differ, null without rewards', () => {
    const at = (cents: number) => ({ Praemien: [period(cents, cents, '2026-01-01', null)] })
    expect(rewardRange([at(7000), at(7000)], today)).toEqual({ wert: '70 €', upTo: false })
    expect(rewardRange([at(7000), at(9000)], today)).toEqual({ wert: '90 €', upTo: true })
    expect(rewardRange([{ Praemien: [] }], today)).toBeNull()
  })
})
