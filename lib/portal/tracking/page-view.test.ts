import { pageViewHitSchema } from './hit-schema'
import { matomoParams } from './forward-hit'
import {
  PAGE_VIEW_ID_PATTERN,
  VISITOR_ID_PATTERN,
  buildPageView,
  newPageViewId,
  newVisitorId,
} from './page-view'
import { trackedReferrer, trackedUrl } from './page-url'

const DE = { tenant: 'demo', locale: 'de', hostMapped: false } as const
const EN = { tenant: 'demo', locale: 'en', hostMapped: false } as const
const HOST = { tenant: 'demo', locale: 'de', hostMapped: true } as const

/** A page view of the start page at noon with fixed ids, as the schema and Matomo tests take it. */
const START_PAGE_VIEW = buildPageView({
  siteId: '14',
  url: 'http://localhost/demo',
  title: 'Start',
  visitorId: '0123456789abcdef',
  pageViewId: 'AAAAAA',
  now: new Date(2026, 0, 1, 12, 0, 0),
})

describe('buildPageView', () => {
  const now = new Date(2026, 4, 12, 9, 5, 7)

  it('builds a Matomo page view with the tenant’s site id, title, visitor, screen and local time', () => {
    const hit = buildPageView({
      siteId: '14',
      url: 'http://localhost:3000/demo/faq',
      title: '  Häufige Fragen – Lumenta  ',
      referrer: 'http://localhost:3000/demo',
      visitorId: '0123456789abcdef',
      pageViewId: 'AbC123',
      screen: { width: 1280, height: 720 },
      now,
    })
    expect(hit).toEqual({
      idsite: '14',
      url: 'http://localhost:3000/demo/faq',
      action_name: 'Häufige Fragen – Lumenta',
      urlref: 'http://localhost:3000/demo',
      _id: '0123456789abcdef',
      pv_id: 'AbC123',
      res: '1280x720',
      h: 9,
      m: 5,
      s: 7,
    })
    expect(pageViewHitSchema.parse(hit)).toEqual(hit)
  })

  it('leaves out an empty referrer and an unknown screen', () => {
    const hit = buildPageView({
      siteId: '1',
      url: 'https://a.example/',
      title: 'x',
      visitorId: newVisitorId(),
    })
    expect(hit).not.toHaveProperty('urlref')
    expect(hit).not.toHaveProperty('res')
    expect(pageViewHitSchema.safeParse(hit).success).toBe(true)
  })

  it('makes random visitor and page view ids of the Matomo format', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newVisitorId()))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(VISITOR_ID_PATTERN)
    expect(newPageViewId()).toMatch(PAGE_VIEW_ID_PATTERN)
  })
})

describe('pageViewHitSchema', () => {
  const valid = START_PAGE_VIEW

  it.each([
    ['another parameter (cip needs token_auth, and nothing else is accepted)', { cip: '1.2.3.4' }],
    ['token_auth', { token_auth: 'x' }],
    ['a non-numeric site', { idsite: '1 OR 1' }],
    ['a javascript URL', { url: 'javascript:alert(1)' }],
    ['a relative URL', { url: '/demo' }],
    ['a too long URL', { url: `https://a.example/${'x'.repeat(2100)}` }],
    ['a short visitor id', { _id: 'abc' }],
    ['an upper-case visitor id', { _id: '0123456789ABCDEF' }],
    ['a bad resolution', { res: '1280*720' }],
    ['an hour of 24', { h: 24 }],
    ['a text where a number belongs', { m: '5' }],
  ])('refuses %s', (_, change) => {
    expect(pageViewHitSchema.safeParse({ ...valid, ...change }).success).toBe(false)
  })
})

describe('trackedUrl', () => {
  it('drops the fragment and every query parameter but the campaign ones', () => {
    expect(
      trackedUrl(DE, 'http://localhost:3000/demo/faq?token=secret&pk_campaign=sommer&widget=1#frage-3'),
    ).toBe('http://localhost:3000/demo/faq?pk_campaign=sommer&widget=1')
  })

  it('masks tokens and numbers in the path, keeps the product id', () => {
    expect(trackedUrl(DE, 'http://localhost/demo/login/abcdef0123456789')).toBe(
      'http://localhost/demo/login/{adminLoginToken}',
    )
    expect(trackedUrl(EN, 'http://localhost/demo/en/empfehlung/E-4711?channel=wa')).toBe(
      'http://localhost/demo/en/empfehlung/{empfehlungsnummer}?channel=wa',
    )
    expect(trackedUrl(DE, 'http://localhost/demo/empfehlen/462')).toBe('http://localhost/demo/empfehlen/462')
    expect(trackedUrl(HOST, 'https://empfehlen.lumenta.example/empfaengerdaten/123')).toBe(
      'https://empfehlen.lumenta.example/empfaengerdaten/{empfehlungsnummer}',
    )
  })

  it('keeps the home page and unknown paths as they are', () => {
    expect(trackedUrl(DE, 'http://localhost/demo')).toBe('http://localhost/demo')
    expect(trackedUrl(HOST, 'https://empfehlen.lumenta.example/')).toBe('https://empfehlen.lumenta.example/')
    expect(trackedUrl(DE, 'http://localhost/demo/internet')).toBe('http://localhost/demo/internet')
  })
})

describe('trackedReferrer', () => {
  it('treats a page of the portal like a tracked URL, and keeps only the origin of another site', () => {
    expect(trackedReferrer(DE, 'http://localhost/demo/login?token=x', 'http://localhost')).toBe(
      'http://localhost/demo/login',
    )
    expect(trackedReferrer(DE, 'https://www.search.example/q?s=lumenta', 'http://localhost')).toBe(
      'https://www.search.example/',
    )
    expect(trackedReferrer(DE, '', 'http://localhost')).toBeNull()
    expect(trackedReferrer(DE, 'android-app://x', 'http://localhost')).toBeNull()
  })
})

describe('matomoParams', () => {
  it('adds rec, apiv, rand, send_image, ua and lang to the page view, never an IP', () => {
    const hit = START_PAGE_VIEW
    const params = matomoParams(
      hit,
      { tenant: 'demo', anonymizedIp: '203.0.113.0', userAgent: 'UA/1', acceptLanguage: 'de-DE' },
      'r1',
    )
    expect(Object.fromEntries(params)).toEqual({
      rec: '1',
      apiv: '1',
      send_image: '0',
      rand: 'r1',
      idsite: '14',
      url: 'http://localhost/demo',
      action_name: 'Start',
      _id: '0123456789abcdef',
      pv_id: 'AAAAAA',
      h: '12',
      m: '0',
      s: '0',
      ua: 'UA/1',
      lang: 'de-DE',
    })
    expect(params.has('cip')).toBe(false)
  })
})
