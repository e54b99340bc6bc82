import { isAllowedEmail, isExcludedEmail, matchesEmailPattern } from './excluded-email'

describe('matchesEmailPattern', () => {
  it('reads a pattern without "@" as a domain, and "*" as any characters, case-insensitive', () => {
    expect(matchesEmailPattern(['lumenta.example'], 'Kim@Lumenta.Example')).toBe(true)
    expect(matchesEmailPattern(['lumenta.example'], 'kim@shop.lumenta.example')).toBe(false)
    expect(matchesEmailPattern(['*@*.lumenta.example'], 'kim@shop.lumenta.example')).toBe(true)
    expect(matchesEmailPattern(['vertrieb-*@example.org'], ' Vertrieb-Nord@example.org ')).toBe(true)
    expect(matchesEmailPattern(['*@lumenta.example'], 'kim@lumenta.example.org')).toBe(false)
  })

  it('takes every other character literally', () => {
    expect(matchesEmailPattern(['a.b@example.org'], 'axb@example.org')).toBe(false)
    expect(matchesEmailPattern(['(x)+@example.org'], '(x)+@example.org')).toBe(true)
    expect(matchesEmailPattern(['[a]$^{1}|\\@example.org'], '[a]$^{1}|\\@example.org')).toBe(true)
  })

  it('answers the same for a pattern met again, and for more patterns than it keeps compiled', () => {
    const patterns = Array.from({ length: 1500 }, (_, i) => `*@domain-${i}.example`)
    for (let round = 0; round < 2; round++) {
      expect(matchesEmailPattern(patterns, 'kim@domain-1499.example')).toBe(true)
      expect(matchesEmailPattern(patterns, 'kim@domain-1500.example')).toBe(false)
      expect(matchesEmailPattern(['*@domain-0.example'], 'kim@domain-0.example')).toBe(true)
    }
  })
})

describe('the tenant rules', () => {
  it('refuses the excluded patterns and, with a whitelist, everything it does not name', () => {
    const settings = { GesperrteEmailMuster: ['*@lumenta.example'], EmailWhitelist: [] as string[] }
    expect(isExcludedEmail(settings, 'kim@lumenta.example')).toBe(true)
    expect(isExcludedEmail(settings, 'kim@example.org')).toBe(false)
    expect(isAllowedEmail(settings, 'kim@example.org')).toBe(true)
    expect(isAllowedEmail({ EmailWhitelist: ['partner.example'] }, 'kim@example.org')).toBe(false)
    expect(isAllowedEmail({ EmailWhitelist: ['partner.example'] }, 'kim@partner.example')).toBe(true)
  })
})
