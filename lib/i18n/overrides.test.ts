import { messagesFor } from './messages'
import { withOverrides } from './overrides'
import { decodeRequestLocale, encodeRequestLocale } from './request-locale'

describe('tenant texts over the portal messages', () => {
  it('replaces the texts the tenant has and leaves the rest', () => {
    const base = messagesFor('de')
    const merged = withOverrides(base, { 'Footer.text': 'Alle Preise inkl. MwSt. – Fjordnet' }, 'de')
    expect(merged.Footer.text).toBe('Alle Preise inkl. MwSt. – Fjordnet')
    expect(merged.Footer.legal).toBe(base.Footer.legal)
    expect(base.Footer.text).not.toBe(merged.Footer.text)
  })

  it('skips unknown keys, namespaces and broken messages', () => {
    const skipped: string[] = []
    const base = messagesFor('en')
    const merged = withOverrides(
      base,
      {
        'Footer.gibtsnicht': 'x',
        'Footer.legal.tief': 'x',
        'Home.headline': 'Kaputt {',
        Footer: 'x',
      } as never,
      'en',
      (key) => skipped.push(key),
    )
    expect(merged).toEqual(base)
    expect(skipped.sort()).toEqual(['Footer', 'Footer.gibtsnicht', 'Footer.legal.tief', 'Home.headline'])
  })

  it('keeps ICU placeholders of an override working', () => {
    const merged = withOverrides(messagesFor('de'), { 'Footer.copyright': '© {year} {mandant}' }, 'de')
    expect(merged.Footer.copyright).toBe('© {year} {mandant}')
  })

  it('passes the tenant with the locale to the request config', () => {
    expect(decodeRequestLocale(encodeRequestLocale('en', 'demo-closed'))).toEqual({
      locale: 'en',
      tenant: 'demo-closed',
    })
    expect(decodeRequestLocale('de')).toEqual({ locale: 'de', tenant: null })
    expect(decodeRequestLocale(undefined)).toEqual({ locale: undefined, tenant: null })
  })
})
