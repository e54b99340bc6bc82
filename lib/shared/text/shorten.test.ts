import { SHORTEN_ABOVE, shortenText } from './shorten'

describe('shortenText (SPEC §9 text shorteners)', () => {
  it('keeps a text of up to 40 characters whole', () => {
    const forty = 'a'.repeat(SHORTEN_ABOVE)
    expect(shortenText(forty)).toBe(forty)
    expect(shortenText('Ines Inhaber')).toBe('Ines Inhaber')
  })

  it('cuts a longer one to 19 or 10 characters plus dots', () => {
    const address = 'ines.inhaber-mustermann@sonnenschein-vertrieb.example'
    expect(shortenText(address)).toBe('ines.inhaber-muster...')
    expect(shortenText(address, 10)).toBe('ines.inhab...')
  })

  it('counts characters, not UTF-16 units, and cuts no character in half', () => {
    const text = '😀'.repeat(41)
    expect(shortenText(text, 10)).toBe(`${'😀'.repeat(10)}...`)
  })
})
