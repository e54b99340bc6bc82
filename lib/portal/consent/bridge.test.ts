/**
 * @jest-environment jsdom
 */
import { DEFAULT_COOKIE_SETTINGS } from './consent-cookie'
import { CONSENT_EVENT, decisionOf, installConsentBridge } from './bridge'
import { configureConsent, getConsent, openConsentSettings, resetConsentForTests } from './store'
import { consentModeOf } from './mode'
import { suppressesConsentBanner } from './suppressed-routes'

beforeEach(() => {
  resetConsentForTests()
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
  configureConsent({ tenant: 'demo-closed', cookie: DEFAULT_COOKIE_SETTINGS })
})

describe('the consent tool bridge', () => {
  it('reads 1/0 and true/false per known category and ignores everything else', () => {
    expect(decisionOf({ psoempf_an: true, psoempf_ma: 0, psoempf_fu: 'yes', other: 1 })).toEqual({
      psoempf_an: 1,
      psoempf_ma: 0,
    })
    expect(decisionOf(null)).toEqual({})
    expect(decisionOf('psoempf_an')).toEqual({})
  })

  it('lets a tool set the consent through window.psoempfConsent', () => {
    const uninstall = installConsentBridge(window)
    expect(window.psoempfConsent?.get()).toEqual({
      psoempf_er: 1,
      psoempf_fu: null,
      psoempf_an: null,
      psoempf_ma: null,
    })
    window.psoempfConsent?.set({ psoempf_er: 0, psoempf_fu: 0, psoempf_an: 1, psoempf_ma: 0 })
    expect(getConsent()?.state).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 1, psoempf_ma: 0 })
    expect(document.cookie).toContain('psoempf_consent=')
    uninstall()
    expect(window.psoempfConsent).toBeUndefined()
  })

  it('lets a tool report a decision with the psoempf:consent event', () => {
    const uninstall = installConsentBridge(window)
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { psoempf_an: false } }))
    expect(getConsent()?.state.psoempf_an).toBe(0)
    uninstall()
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { psoempf_an: true } }))
    expect(getConsent()?.state.psoempf_an).toBe(0)
  })

  it('stores nothing for a report without a known category', () => {
    const uninstall = installConsentBridge(window)
    window.psoempfConsent?.set({ analytics: true })
    expect(document.cookie).toBe('')
    uninstall()
  })

  it('lets the footer button open the tool’s own settings', () => {
    const uninstall = installConsentBridge(window)
    const open = jest.fn()
    expect(openConsentSettings()).toBe(false)
    window.psoempfConsent?.onOpenSettings(open)
    expect(openConsentSettings()).toBe(true)
    expect(open).toHaveBeenCalled()
    uninstall()
    expect(openConsentSettings()).toBe(false)
  })
})

describe('consentModeOf', () => {
  it('prefers the internal manager, then a configured tool, else none', () => {
    expect(consentModeOf({ useInternalConsentManager: true, ConsentTool: { ScriptUrl: '/x.js' } })).toBe(
      'internal',
    )
    expect(consentModeOf({ useInternalConsentManager: false, ConsentTool: { ScriptUrl: '/x.js' } })).toBe(
      'tool',
    )
    expect(consentModeOf({ useInternalConsentManager: false, ConsentTool: { ScriptUrl: '' } })).toBe('none')
  })
})

describe('suppressesConsentBanner (SPEC §2.4)', () => {
  it.each([
    [{ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/datenschutz', true],
    [{ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/impressum/', true],
    [{ tenant: 'demo', locale: 'en', hostMapped: false }, '/demo/en/datenschutz', true],
    [{ tenant: 'demo', locale: 'de', hostMapped: true }, '/datenschutz', true],
    [{ tenant: 'demo', locale: 'en', hostMapped: true }, '/en/impressum', true],
    [{ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo', false],
    [{ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/agb', false],
    [{ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/faq', false],
    [{ tenant: 'demo', locale: 'de', hostMapped: true }, '/', false],
  ] as const)('%o %s → %s', (ctx, pathname, expected) => {
    expect(suppressesConsentBanner(ctx, pathname)).toBe(expected)
  })
})
