import { UNSET_STATE, allGiven, applyDecision, requiredOnly } from './categories'
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_COOKIE_SETTINGS,
  cookieAttributes,
  cookieValue,
  parseConsentCookie,
  serializeConsent,
  serializeCookie,
} from './consent-cookie'

const AT = new Date('2026-05-12T10:00:00.000Z')
const HTTPS = { protocol: 'https:', hostname: 'empfehlen.lumenta.example', inFrame: false }

describe('the consent cookie value', () => {
  it('round-trips a decision with tenant, version and time', () => {
    const state = applyDecision(UNSET_STATE, { psoempf_an: 1, psoempf_fu: 0, psoempf_ma: 0 })
    const value = serializeConsent(state, 'demo', AT)
    expect(value).toBe(
      'v=1&m=demo&t=2026-05-12T10%3A00%3A00.000Z&psoempf_er=1&psoempf_fu=0&psoempf_an=1&psoempf_ma=0',
    )
    expect(parseConsentCookie(value, 'demo')).toEqual({ state, decidedAt: AT.toISOString() })
  })

  it('reads the value also as the browser stores it (encoded once more)', () => {
    const value = serializeConsent(applyDecision(UNSET_STATE, allGiven()), 'demo', AT)
    expect(parseConsentCookie(encodeURIComponent(value), 'demo').state.psoempf_ma).toBe(1)
  })

  it('leaves unset categories out and reads them back as unset', () => {
    const value = serializeConsent(applyDecision(UNSET_STATE, { psoempf_an: 0 }), 'demo', AT)
    expect(value).not.toContain('psoempf_fu')
    expect(parseConsentCookie(value, 'demo').state).toEqual({
      psoempf_er: 1,
      psoempf_fu: null,
      psoempf_an: 0,
      psoempf_ma: null,
    })
  })

  it.each([
    ['nothing', undefined],
    ['an empty value', ''],
    ['garbage', '%E0%A4%A'],
    ['another version', 'v=0&m=demo&psoempf_an=1&psoempf_fu=1&psoempf_ma=1'],
    ['another tenant', 'v=1&m=demo-closed&psoempf_an=1&psoempf_fu=1&psoempf_ma=1'],
  ])('counts %s as nothing stored (the visitor is asked)', (_, value) => {
    expect(parseConsentCookie(value, 'demo')).toEqual({ state: UNSET_STATE, decidedAt: null })
  })

  it('keeps the required category given even if the cookie says otherwise', () => {
    const parsed = parseConsentCookie('v=1&m=demo&psoempf_er=0&psoempf_an=7', 'demo')
    expect(parsed.state.psoempf_er).toBe(1)
    expect(parsed.state.psoempf_an).toBeNull()
    expect(parsed.decidedAt).toBeNull()
  })

  it('is found in a Cookie header among others', () => {
    const value = serializeConsent(applyDecision(UNSET_STATE, requiredOnly()), 'demo', AT)
    const header = `psoe_token=abc; ${CONSENT_COOKIE_NAME}=${encodeURIComponent(value)}; other=1`
    expect(parseConsentCookie(cookieValue(header, CONSENT_COOKIE_NAME), 'demo').state.psoempf_an).toBe(0)
    expect(cookieValue(header, 'missing')).toBeNull()
  })
})

describe('cookie attributes (SPEC §4, §9)', () => {
  it('follow the tenant settings on https: parent domain, Secure, SameSite=None', () => {
    const attrs = cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Domain: '.lumenta.example' }, HTTPS)
    expect(attrs).toEqual({
      path: '/',
      domain: 'lumenta.example',
      secure: true,
      sameSite: 'None',
      partitioned: false,
    })
    expect(serializeCookie('a', 'x y', 86_400, attrs)).toBe(
      'a=x%20y; Max-Age=86400; Path=/; Domain=lumenta.example; Secure; SameSite=None',
    )
  })

  it('are neither Secure nor SameSite=None on localhost or over http, but Lax', () => {
    for (const location of [
      { protocol: 'http:', hostname: 'localhost', inFrame: false },
      { protocol: 'http:', hostname: 'demo.localhost', inFrame: false },
      { protocol: 'https:', hostname: '127.0.0.1', inFrame: false },
      { protocol: 'http:', hostname: 'portal.example', inFrame: false },
    ]) {
      const attrs = cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Domain: 'localhost' }, location)
      expect(attrs).toMatchObject({ secure: false, sameSite: 'Lax', domain: null, partitioned: false })
    }
  })

  it('keep a configured Strict or Lax as it is', () => {
    expect(cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, SameSite: 'Strict' }, HTTPS).sameSite).toBe(
      'Strict',
    )
    const local = { protocol: 'http:', hostname: 'localhost', inFrame: false }
    expect(cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, SameSite: 'Strict' }, local).sameSite).toBe(
      'Strict',
    )
  })

  it('leave out a domain the page does not belong to (the browser would drop the cookie)', () => {
    const attrs = cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Domain: 'fjordnet.example' }, HTTPS)
    expect(attrs.domain).toBeNull()
    // A look-alike suffix is not the domain.
    const lookAlike = { ...HTTPS, hostname: 'evil-lumenta.example' }
    expect(
      cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Domain: 'lumenta.example' }, lookAlike).domain,
    ).toBeNull()
  })

  it('stay SameSite=None and Secure inside a frame on localhost, where a Lax cookie could not be set', () => {
    const framed = { protocol: 'http:', hostname: 'localhost', inFrame: true }
    expect(cookieAttributes(DEFAULT_COOKIE_SETTINGS, framed)).toMatchObject({
      secure: true,
      sameSite: 'None',
      partitioned: true,
    })
    // Plain http elsewhere allows no Secure cookie at all.
    const http = { protocol: 'http:', hostname: 'portal.example', inFrame: true }
    expect(cookieAttributes(DEFAULT_COOKIE_SETTINGS, http)).toMatchObject({ secure: false, sameSite: 'Lax' })
  })

  it('are Partitioned inside a frame when SameSite=None', () => {
    expect(cookieAttributes(DEFAULT_COOKIE_SETTINGS, { ...HTTPS, inFrame: true }).partitioned).toBe(true)
    expect(
      cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, SameSite: 'Lax' }, { ...HTTPS, inFrame: true })
        .partitioned,
    ).toBe(false)
  })

  it('use the configured path, / for anything that is not a path', () => {
    expect(cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Path: '/kwk' }, HTTPS).path).toBe('/kwk')
    expect(cookieAttributes({ ...DEFAULT_COOKIE_SETTINGS, Path: 'kwk' }, HTTPS).path).toBe('/')
  })

  it('write a session cookie without Max-Age and remove with Max-Age=0', () => {
    const attrs = cookieAttributes(DEFAULT_COOKIE_SETTINGS, HTTPS)
    expect(serializeCookie('s', '1', null, attrs)).toBe('s=1; Path=/; Secure; SameSite=None')
    expect(serializeCookie('s', '', 0, attrs)).toBe('s=; Max-Age=0; Path=/; Secure; SameSite=None')
  })
})
