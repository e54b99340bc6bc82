/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react'
import { allGiven, requiredOnly } from './categories'
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_COOKIE_SETTINGS,
  parseConsentCookie,
  serializeConsent,
} from './consent-cookie'
import {
  CAMPAIGN_COOKIE_ENTRY,
  CHANNEL_COOKIE_ENTRY,
  ConsentRegistrationError,
  EXIT_INTENT_ENTRY,
  VISITOR_COOKIE_ENTRY,
  registerStorage,
  registeredStorage,
  storageOfCategory,
} from './registry'
import {
  configureConsent,
  getConsent,
  hasConsent,
  isConsentOverlayOpen,
  onConsentChange,
  openConsentSettings,
  readCookie,
  readStorage,
  refreshConsent,
  registerSettingsOpener,
  removeCookie,
  removeStorage,
  resetConsentForTests,
  setConsent,
  setConsentOverlay,
  useConsent,
  writeCookie,
  writeStorage,
} from './store'

// A localStorage entry with a lifetime, only for these tests.
const TEST_LOCAL = registerStorage({
  name: 'psoempf_test_local',
  kind: 'localStorage',
  category: 'psoempf_fu',
  purpose: 'test',
  lifetime: { days: 2 },
  writtenBy: 'browser',
})

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
}

const configure = (tenant = 'demo') => configureConsent({ tenant, cookie: DEFAULT_COOKIE_SETTINGS })

beforeEach(() => {
  resetConsentForTests()
  clearCookies()
  localStorage.clear()
  sessionStorage.clear()
})

describe('the storage registry', () => {
  it('has every entry the portal stores, under its category', () => {
    expect(registeredStorage().map((e) => [e.kind, e.name, e.category, e.writtenBy])).toEqual(
      expect.arrayContaining([
        ['cookie', 'psoe_token', 'psoempf_er', 'server'],
        ['cookie', CONSENT_COOKIE_NAME, 'psoempf_er', 'browser'],
        ['cookie', 'psoempf_channel', 'psoempf_ma', 'browser'],
        ['cookie', 'psoempf_kampagne', 'psoempf_ma', 'browser'],
        ['cookie', 'psoempf_vid', 'psoempf_an', 'browser'],
        ['sessionStorage', 'psoempf_exit_intent', 'psoempf_fu', 'browser'],
      ]),
    )
    expect(CHANNEL_COOKIE_ENTRY.lifetime).toEqual({ days: 730 })
    expect(CAMPAIGN_COOKIE_ENTRY.lifetime).toEqual({ days: 60 })
    expect(storageOfCategory('psoempf_ma').map((e) => e.name)).toEqual([
      'psoempf_channel',
      'psoempf_kampagne',
    ])
  })

  it('accepts the same registration again, refuses a name under another category or lifetime', () => {
    expect(registerStorage({ ...VISITOR_COOKIE_ENTRY })).toBe(VISITOR_COOKIE_ENTRY)
    expect(() => registerStorage({ ...VISITOR_COOKIE_ENTRY, category: 'psoempf_fu' })).toThrow(
      /already registered/,
    )
    expect(() => registerStorage({ ...VISITOR_COOKIE_ENTRY, lifetime: { days: 400 } })).toThrow(
      /already registered/,
    )
  })

  it('refuses names a cookie or storage key cannot carry safely', () => {
    for (const name of ['', 'a b', 'a;b', 'a=b', 'x'.repeat(65)])
      expect(() => registerStorage({ ...VISITOR_COOKIE_ENTRY, name })).toThrow(/Invalid storage name/)
  })

  it('freezes entries so nobody changes a category after registering', () => {
    expect(Object.isFrozen(CHANNEL_COOKIE_ENTRY)).toBe(true)
  })
})

describe('writing without registration (SPEC §8)', () => {
  it('raises ConsentRegistrationError for every write helper, even with full consent', () => {
    configure()
    setConsent(allGiven())
    const calls = [
      () => writeCookie('_ga', '1'),
      () => removeCookie('_ga'),
      () => writeStorage('localStorage', 'token', '1'),
      () => writeStorage('sessionStorage', 'psoempf_vid', '1'),
      () => readStorage('localStorage', 'token'),
      () => removeStorage('sessionStorage', 'token'),
    ]
    for (const call of calls) {
      expect(call).toThrow(ConsentRegistrationError)
    }
    expect(() => writeCookie('_ga', '1')).toThrow(
      'cookie "_ga" ist nicht registriert: Die Registrierung einer Einwilligungskategorie ist vor der Verwendung erforderlich',
    )
    expect(() => writeCookie('_ga', '1')).toThrow('registering consent is required before use')
    expect(document.cookie).not.toContain('_ga')
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
  })

  it('carries the name, kind and a code', () => {
    try {
      writeStorage('localStorage', 'unknown_key', 'x')
      throw new Error('no error')
    } catch (error) {
      expect(error).toBeInstanceOf(ConsentRegistrationError)
      expect(error).toMatchObject({
        code: 'ConsentNichtRegistriert',
        storageName: 'unknown_key',
        kind: 'localStorage',
      })
    }
  })

  it('never lets browser code write the server’s httpOnly session cookie', () => {
    configure()
    expect(() => writeCookie('psoe_token', 'x')).toThrow(/set by the server/)
  })
})

describe('before any decision', () => {
  it('allows only required storage, also before the consent layer configured the store', () => {
    expect(getConsent()).toBeNull()
    expect(hasConsent('psoempf_er')).toBe(true)
    expect(hasConsent('psoempf_an')).toBe(false)
    expect(writeCookie('psoempf_vid', 'abc')).toBe(false)
    expect(writeCookie('psoempf_channel', 'newsletter')).toBe(false)
    expect(writeStorage('sessionStorage', 'psoempf_exit_intent', '1')).toBe(false)
    expect(document.cookie).toBe('')
    expect(sessionStorage.length).toBe(0)
  })

  it('needs configuration and stores nothing on configuring', () => {
    const snapshot = configure()
    expect(snapshot).toMatchObject({ tenant: 'demo', needsConfiguration: true, decidedAt: null })
    expect(document.cookie).toBe('')
  })

  it('refuses a decision before the store knows its tenant', () => {
    expect(() => setConsent(allGiven())).toThrow(/configureConsent/)
  })
})

describe('deciding', () => {
  it('"Nur erforderliche" stores the consent cookie with every optional category declined', () => {
    configure()
    const snapshot = setConsent(requiredOnly(), new Date('2026-05-12T10:00:00Z'))
    expect(snapshot.needsConfiguration).toBe(false)
    const stored = parseConsentCookie(readCookie(CONSENT_COOKIE_NAME), 'demo')
    expect(stored).toEqual({
      state: { psoempf_er: 1, psoempf_fu: 0, psoempf_an: 0, psoempf_ma: 0 },
      decidedAt: '2026-05-12T10:00:00.000Z',
    })
    expect(writeCookie('psoempf_vid', 'abc')).toBe(false)
    expect(writeStorage('sessionStorage', 'psoempf_exit_intent', '1')).toBe(false)
    expect(document.cookie.split('; ').map((c) => c.split('=')[0])).toEqual([CONSENT_COOKIE_NAME])
  })

  it('"Alle akzeptieren" lets every registered entry be written', () => {
    configure()
    setConsent(allGiven())
    expect(writeCookie('psoempf_vid', 'abc')).toBe(true)
    expect(writeCookie('psoempf_channel', 'newsletter', { maxAgeDays: 730 })).toBe(true)
    expect(writeStorage('sessionStorage', 'psoempf_exit_intent', '1')).toBe(true)
    expect(readCookie('psoempf_vid')).toBe('abc')
    expect(readCookie('psoempf_channel')).toBe('newsletter')
    expect(readStorage('sessionStorage', 'psoempf_exit_intent')).toBe('1')
  })

  it('is read back by a new page of the same tenant, and not by another tenant on the same host', () => {
    configure()
    setConsent({ psoempf_an: 1, psoempf_fu: 0, psoempf_ma: 0 })
    resetConsentForTests()
    expect(configure().state).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 1, psoempf_ma: 0 })
    resetConsentForTests()
    expect(configure('demo-closed').needsConfiguration).toBe(true)
  })

  it('keeps unset categories unset on a partial decision (a consent tool may decide some only)', () => {
    configure()
    expect(setConsent({ psoempf_an: 1 }).state).toEqual({
      psoempf_er: 1,
      psoempf_fu: null,
      psoempf_an: 1,
      psoempf_ma: null,
    })
    expect(getConsent()?.needsConfiguration).toBe(true)
  })

  it('tells listeners the new and the earlier state, until they unsubscribe', () => {
    configure()
    const seen: [number | null, number | null][] = []
    const stop = onConsentChange((now, before) =>
      seen.push([before?.state.psoempf_an ?? null, now.state.psoempf_an]),
    )
    setConsent({ psoempf_an: 1 }, new Date('2026-01-01T00:00:00Z'))
    setConsent({ psoempf_an: 0 }, new Date('2026-01-02T00:00:00Z'))
    stop()
    setConsent({ psoempf_an: 1 }, new Date('2026-01-03T00:00:00Z'))
    expect(seen).toEqual([
      [null, 1],
      [1, 0],
    ])
  })

  it('keeps a throwing listener from stopping the others', () => {
    configure()
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const calls: string[] = []
    onConsentChange(() => {
      throw new Error('boom')
    })
    onConsentChange(() => calls.push('second'))
    setConsent(allGiven())
    expect(calls).toEqual(['second'])
    error.mockRestore()
  })
})

describe('withdrawing', () => {
  it('removes the entries of the withdrawn category at once, and only those', () => {
    configure()
    setConsent(allGiven())
    writeCookie('psoempf_vid', 'abc')
    writeCookie('psoempf_channel', 'newsletter')
    writeStorage('sessionStorage', 'psoempf_exit_intent', '1')
    writeStorage('localStorage', TEST_LOCAL.name, 'x')

    setConsent({ psoempf_an: 0 })
    expect(readCookie('psoempf_vid')).toBeNull()
    expect(readCookie('psoempf_channel')).toBe('newsletter')
    expect(readStorage('sessionStorage', EXIT_INTENT_ENTRY.name)).toBe('1')
    expect(writeCookie('psoempf_vid', 'again')).toBe(false)

    setConsent({ psoempf_ma: 0, psoempf_fu: 0 })
    expect(readCookie('psoempf_channel')).toBeNull()
    expect(sessionStorage.getItem(EXIT_INTENT_ENTRY.name)).toBeNull()
    expect(localStorage.getItem(TEST_LOCAL.name)).toBeNull()
    // The consent cookie is required and stays.
    expect(readCookie(CONSENT_COOKIE_NAME)).not.toBeNull()
  })

  it('sweeps what a withdrawal in another tab left behind when the page starts or looks again', () => {
    configure()
    setConsent(allGiven())
    writeCookie('psoempf_kampagne', 'sommer')
    // Another tab stores "only required"; this one reads the cookie again.
    document.cookie = `${CONSENT_COOKIE_NAME}=${encodeURIComponent(
      serializeConsent({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 0, psoempf_ma: 0 }, 'demo', new Date()),
    )}; Path=/`
    expect(refreshConsent()?.state.psoempf_ma).toBe(0)
    expect(readCookie('psoempf_kampagne')).toBeNull()

    // A marketing cookie written elsewhere without consent is gone on the next page start.
    document.cookie = 'psoempf_channel=x; Path=/'
    resetConsentForTests()
    configure()
    expect(readCookie('psoempf_channel')).toBeNull()
  })

  it('removeCookie and removeStorage say whether something was there', () => {
    configure()
    setConsent(allGiven())
    expect(removeCookie('psoempf_vid')).toBe(false)
    writeCookie('psoempf_vid', 'abc')
    expect(removeCookie('psoempf_vid')).toBe(true)
    expect(removeStorage('sessionStorage', 'psoempf_exit_intent')).toBe(false)
  })
})

describe('storage lifetimes', () => {
  it('expire a localStorage entry after its registered days', () => {
    configure()
    setConsent(allGiven())
    const now = Date.parse('2026-05-12T10:00:00Z')
    expect(writeStorage('localStorage', TEST_LOCAL.name, 'kept', now)).toBe(true)
    expect(readStorage('localStorage', TEST_LOCAL.name, now + 86_400_000)).toBe('kept')
    expect(readStorage('localStorage', TEST_LOCAL.name, now + 2 * 86_400_000)).toBeNull()
    expect(localStorage.getItem(TEST_LOCAL.name)).toBeNull()
  })

  it('ignore a value not written by the helpers', () => {
    localStorage.setItem(TEST_LOCAL.name, 'plain')
    expect(readStorage('localStorage', TEST_LOCAL.name)).toBeNull()
  })
})

describe('useConsent', () => {
  it('is null until the consent layer configured the store, then follows every decision', () => {
    const { result } = renderHook(() => useConsent())
    expect(result.current).toBeNull()
    act(() => {
      configure()
    })
    expect(result.current?.needsConfiguration).toBe(true)
    act(() => {
      setConsent(requiredOnly())
    })
    expect(result.current?.needsConfiguration).toBe(false)
    expect(result.current?.state.psoempf_an).toBe(0)
  })
})

describe('consent UI coordination', () => {
  it('opens the settings through the registered opener only', () => {
    expect(openConsentSettings()).toBe(false)
    const open = jest.fn()
    const unregister = registerSettingsOpener(open)
    expect(openConsentSettings()).toBe(true)
    expect(open).toHaveBeenCalledTimes(1)
    unregister()
    expect(openConsentSettings()).toBe(false)
  })

  it('knows when the banner or dialog is open', () => {
    expect(isConsentOverlayOpen()).toBe(false)
    setConsentOverlay('banner', true)
    setConsentOverlay('dialog', true)
    setConsentOverlay('banner', false)
    expect(isConsentOverlayOpen()).toBe(true)
    setConsentOverlay('dialog', false)
    expect(isConsentOverlayOpen()).toBe(false)
  })
})
