import fc from 'fast-check'
import {
  CONSENT_DECIDED_ATTRIBUTE,
  CONSENT_MARK_COOKIE,
  FIRST_PAINT_SCRIPT,
  TENANT_ATTRIBUTE,
} from '@/lib/edge/first-paint.mjs'
import { CONSENT_CATEGORIES, needsConfiguration, normalizeState, type ConsentValue } from './categories'
import {
  CONSENT_COOKIE_NAME,
  CONSENT_VERSION,
  cookieValue,
  parseConsentCookie,
  serializeConsent,
  serializeCookie,
} from './consent-cookie'

// The first-paint script's consent mark (lib/edge/first-paint.mjs) hides the banner before the first
// paint exactly when the consent manager, once it has read the cookie, would not show it.

const ATTRIBUTES = { path: '/', domain: null, secure: false, sameSite: 'Lax', partitioned: false } as const

/** The document's marks after the script ran on a page of `tenant` with these cookies and this query. */
function marksAfter(cookie: string, tenant: string, search = ''): string[] {
  const marks = new Set<string>()
  const documentElement = {
    getAttribute: (name: string) => (name === TENANT_ATTRIBUTE ? tenant : null),
    setAttribute: (name: string) => marks.add(name),
  }
  new Function('document', 'location', FIRST_PAINT_SCRIPT)({ cookie, documentElement }, { search })
  return [...marks]
}

/** The browser's cookie header after the store wrote a consent (as lib/portal/consent/store.ts writes it). */
function storedCookie(value: string, others = 'psoe_visitor=abc') {
  return `${others}; ${serializeCookie(CONSENT_COOKIE_NAME, value, null, ATTRIBUTES).split(';')[0]}`
}

describe('the consent mark of the first-paint script', () => {
  it('reads the cookie by the name, version and categories the consent manager writes', () => {
    expect(CONSENT_MARK_COOKIE).toEqual({
      name: CONSENT_COOKIE_NAME,
      version: String(CONSENT_VERSION),
      decided: CONSENT_CATEGORIES.filter((c) => !c.required).map((c) => c.id),
    })
  })

  it('marks a decided visitor and no one else, as the consent manager decides, for any stored state', () => {
    const value = fc.constantFrom<ConsentValue>(0, 1, null)
    fc.assert(
      fc.property(
        fc.tuple(value, value, value),
        fc.constantFrom('demo', 'demo-closed'),
        fc.constantFrom('', '?widget=1'),
        ([fu, an, ma], stored, search) => {
          const state = normalizeState({ psoempf_fu: fu, psoempf_an: an, psoempf_ma: ma })
          const cookie = storedCookie(serializeConsent(state, stored, new Date('2026-11-29T10:00:00Z')))
          const hidden = !needsConfiguration(
            parseConsentCookie(cookieValue(cookie, CONSENT_COOKIE_NAME), 'demo').state,
          )
          expect(marksAfter(cookie, 'demo', search).includes(CONSENT_DECIDED_ATTRIBUTE)).toBe(hidden)
          expect(marksAfter(cookie, 'demo', search).includes('data-widget')).toBe(search !== '')
        },
      ),
    )
  })

  it('leaves the banner to a visitor with no cookie, an older version or an unreadable one', () => {
    expect(marksAfter('', 'demo')).toEqual([])
    const all = 'm=demo&t=2026-11-29T10:00:00.000Z&psoempf_er=1&psoempf_fu=1&psoempf_an=1&psoempf_ma=1'
    expect(marksAfter(storedCookie(`v=1&${all}`), 'demo')).toEqual([CONSENT_DECIDED_ATTRIBUTE])
    expect(marksAfter(storedCookie(`v=0&${all}`), 'demo')).toEqual([])
    expect(marksAfter(`${CONSENT_COOKIE_NAME}=%E0%A4%A`, 'demo')).toEqual([])
    // Another cookie whose name ends with the consent cookie's does not count.
    expect(marksAfter(`x${CONSENT_COOKIE_NAME}=${encodeURIComponent(`v=1&${all}`)}`, 'demo')).toEqual([])
  })
})
