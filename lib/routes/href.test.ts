import {
  href,
  parseTenantParam,
  prefixOf,
  routePathOf,
  segmentOf,
  sessionUrlOf,
  withQuery,
  type PortalContext,
} from './href'

const byPath = (locale: 'de' | 'en'): PortalContext => ({ tenant: 'demo', locale, hostMapped: false })
const byHost = (locale: 'de' | 'en'): PortalContext => ({ tenant: 'demo', locale, hostMapped: true })

describe('href', () => {
  it('prefixes the tenant, and the locale only when it is not German', () => {
    expect(href(byPath('de'), 'Homepage')).toBe('/demo')
    expect(href(byPath('en'), 'Homepage')).toBe('/demo/en')
    expect(href(byPath('de'), 'Dashboard')).toBe('/demo/persoenlicherbereich')
    expect(href(byPath('en'), 'Dashboard')).toBe('/demo/en/persoenlicherbereich')
  })

  it('leaves the tenant out on a host-mapped tenant', () => {
    expect(href(byHost('de'), 'Homepage')).toBe('/')
    expect(href(byHost('en'), 'Homepage')).toBe('/en')
    expect(href(byHost('de'), 'Faq')).toBe('/faq')
    expect(href(byHost('en'), 'Faq')).toBe('/en/faq')
  })

  it('encodes parameters and appends query and hash', () => {
    expect(href(byPath('de'), 'Recommendation', { produktId: 'a b/c' })).toBe('/demo/empfehlen/a%20b%2Fc')
    expect(
      href(byPath('de'), 'Homepage', undefined, { widget: '1', c: undefined, x: null }, 'empfehlen-form'),
    ).toBe('/demo?widget=1#empfehlen-form')
    expect(href(byHost('de'), 'Login', undefined, { redirect: '{"path":"/meinedaten"}' })).toBe(
      '/login?redirect=%7B%22path%22%3A%22%2Fmeinedaten%22%7D',
    )
  })
})

describe('withQuery', () => {
  it('adds to an existing query and skips empty values', () => {
    expect(withQuery('/a', {})).toBe('/a')
    expect(withQuery('/a?x=1', { y: '2' })).toBe('/a?x=1&y=2')
    expect(withQuery('/a', { q: 'ä&b' })).toBe('/a?q=%C3%A4%26b')
  })
})

describe('prefixOf and routePathOf', () => {
  it('splits a browser path into prefix and route path', () => {
    expect(prefixOf(byPath('de'))).toBe('/demo')
    expect(prefixOf(byPath('de'), 'en')).toBe('/demo/en')
    expect(prefixOf(byHost('de'))).toBe('')
    expect(prefixOf(byHost('de'), 'en')).toBe('/en')
    expect(routePathOf(byPath('de'), '/demo/meinedaten')).toBe('/meinedaten')
    expect(routePathOf(byPath('de'), '/demo')).toBe('/')
    expect(routePathOf(byPath('en'), '/demo/en/faq')).toBe('/faq')
    expect(routePathOf(byHost('de'), '/faq')).toBe('/faq')
    expect(routePathOf(byHost('en'), '/en/faq')).toBe('/faq')
    expect(routePathOf(byHost('en'), '/en')).toBe('/')
  })
})

describe('parseTenantParam', () => {
  it('reads plain, English and host-mapped tenant segments', () => {
    expect(parseTenantParam('demo')).toEqual({ tenant: 'demo', locale: 'de', hostMapped: false })
    expect(parseTenantParam('demo-closed')).toEqual({
      tenant: 'demo-closed',
      locale: 'de',
      hostMapped: false,
    })
    expect(parseTenantParam('demo~en')).toEqual({ tenant: 'demo', locale: 'en', hostMapped: false })
    expect(parseTenantParam('h~demo')).toEqual({ tenant: 'demo', locale: 'de', hostMapped: true })
    expect(parseTenantParam('h%7Edemo')).toEqual({ tenant: 'demo', locale: 'de', hostMapped: true })
    expect(parseTenantParam('h~demo~en')).toEqual({ tenant: 'demo', locale: 'en', hostMapped: true })
    expect(segmentOf(byHost('de'))).toBe('h~demo')
    expect(segmentOf(byPath('de'))).toBe('demo')
    expect(segmentOf(byPath('en'))).toBe('demo~en')
    expect(segmentOf(byHost('en'))).toBe('h~demo~en')
    expect(parseTenantParam(segmentOf(byHost('en')))).toEqual(byHost('en'))
    expect(sessionUrlOf(byHost('en'))).toBe('/api/session/h~demo')
    expect(sessionUrlOf(byPath('en'))).toBe('/api/session/demo')
  })

  it('refuses invalid and reserved slugs', () => {
    for (const param of [
      'DEMO',
      'd',
      'api',
      'h~api',
      'en',
      'de',
      'mandant',
      '1demo',
      'demo_x',
      'h~',
      '',
      'demo~de',
      'demo~fr',
      'demo~en~en',
      'demo%',
      `a${'b'.repeat(40)}`,
    ]) {
      expect(parseTenantParam(param)).toBeNull()
    }
  })
})
