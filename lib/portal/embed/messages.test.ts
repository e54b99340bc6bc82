import {
  isFragment,
  isPortalPath,
  knownParentOrigin,
  navigationTarget,
  parseHostMessage,
  portalPathOf,
} from './messages'

const ORIGIN = 'https://portal.example'
const HOST = 'https://www.lumenta.example'

describe('isPortalPath', () => {
  it.each(['/', '/login', '/en/login', '/empfehlen/462', '/login?redirect=%7B%22path%22%3A%22%2F%22%7D'])(
    'accepts %s',
    (path) => {
      expect(isPortalPath(path)).toBe(true)
    },
  )

  it.each([
    ['no leading slash', 'login'],
    ['another host', '//evil.example/x'],
    ['a backslash', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['whitespace', '/log in'],
    ['a control character', '/login\u0000'],
    ['a line break', '/login\n'],
    ['a fragment', '/login#x'],
    ['too long', `/${'a'.repeat(2000)}`],
    ['no string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_label, path) => {
    expect(isPortalPath(path)).toBe(false)
  })
})

describe('isFragment', () => {
  it.each(['', '#empfehlen-form', '#main'])('accepts %j', (hash) => expect(isFragment(hash)).toBe(true))
  it.each(['#', 'main', '# x', `#${'a'.repeat(200)}`, null])('refuses %j', (hash) =>
    expect(isFragment(hash)).toBe(false),
  )
})

describe('parseHostMessage', () => {
  it('takes the hello and navigate messages of exactly the protocol shape', () => {
    expect(parseHostMessage({ type: 'psoempf:hello' })).toEqual({ type: 'psoempf:hello' })
    expect(parseHostMessage({ type: 'psoempf:navigate', path: '/faq' })).toEqual({
      type: 'psoempf:navigate',
      path: '/faq',
    })
  })

  it.each([
    ['a string', 'psoempf:hello'],
    ['null', null],
    ['an array', [{ type: 'psoempf:hello' }]],
    ['an unknown type', { type: 'psoempf:eval', code: '1' }],
    ['a portal message', { type: 'psoempf:route', path: '/', hash: '' }],
    ['an extra field', { type: 'psoempf:navigate', path: '/faq', target: '_top' }],
    ['a hello with fields', { type: 'psoempf:hello', origin: '*' }],
    ['a missing path', { type: 'psoempf:navigate' }],
    ['another host', { type: 'psoempf:navigate', path: '//evil.example' }],
    ['a script address', { type: 'psoempf:navigate', path: 'javascript:alert(1)' }],
    ['a number as path', { type: 'psoempf:navigate', path: 1 }],
  ])('ignores %s', (_label, data) => {
    expect(parseHostMessage(data)).toBeNull()
  })
})

describe('portalPathOf', () => {
  it.each([
    ['/demo', '?widget=1', '/demo', '/'],
    ['/demo/login', 'widget=1&redirect=x', '/demo', '/login?redirect=x'],
    ['/demo/en', 'widget=1', '/demo', '/en'],
    ['/demo/en/empfehlen/462', '', '/demo', '/en/empfehlen/462'],
    ['/en/faq', 'widget=1', '', '/en/faq'],
    ['/', 'widget=1', '', '/'],
    ['/demo-closed/login', 'widget=1', '/demo', '/demo-closed/login'],
  ])('%s?%s under %j is %s', (pathname, search, prefix, path) => {
    expect(portalPathOf(pathname, search, prefix)).toBe(path)
  })
})

describe('navigationTarget', () => {
  it.each([
    ['/', '/demo', '/demo?widget=1'],
    ['/login', '/demo', '/demo/login?widget=1'],
    ['/en/faq?x=1', '/demo', '/demo/en/faq?x=1&widget=1'],
    ['/faq', '', '/faq?widget=1'],
  ])('%s under %j goes to %s', (path, prefix, target) => {
    expect(navigationTarget(path, prefix, '1', ORIGIN)).toBe(target)
  })

  it.each([
    ['a path out of the tenant', '/../demo-closed/login', '/demo'],
    ['an encoded way out', '/%2e%2e/api/v1/mandant/demo', '/demo'],
    ['the API on a tenant host', '/api/v1/demo/account/user', ''],
    ["Next's files", '/_next/static/x.js', ''],
    ['another host', '//evil.example/', '/demo'],
    ['no path', undefined, '/demo'],
  ])('refuses %s', (_label, path, prefix) => {
    expect(navigationTarget(path, prefix, '1', ORIGIN)).toBeNull()
  })
})

describe('knownParentOrigin', () => {
  it('takes the first ancestor origin when the browser names it and it is registered', () => {
    expect(knownParentOrigin([HOST], '', [HOST])).toBe(HOST)
    expect(knownParentOrigin(['https://evil.example'], `${HOST}/x`, [HOST])).toBeNull()
  })

  it('else takes the referrer origin when it is registered', () => {
    expect(knownParentOrigin(null, `${HOST}/freunde-werben?x=1`, [HOST])).toBe(HOST)
    expect(knownParentOrigin(null, 'https://evil.example/', [HOST])).toBeNull()
    expect(knownParentOrigin(null, `${ORIGIN}/demo`, [HOST])).toBeNull()
    expect(knownParentOrigin(null, '', [HOST])).toBeNull()
  })
})
