import { encodeRedirectTarget, isSafeRoutePath, parseRedirectTarget } from './redirect-target'

const raw = (path: unknown, params?: unknown) =>
  JSON.stringify(params === undefined ? { path } : { path, params })

describe('parseRedirectTarget', () => {
  it('accepts route-table paths on our own origin', () => {
    expect(parseRedirectTarget(raw('/persoenlicherbereich', {}))).toEqual({
      path: '/persoenlicherbereich',
      params: {},
    })
    expect(parseRedirectTarget(raw('/meinedaten'))).toEqual({ path: '/meinedaten', params: {} })
    expect(parseRedirectTarget(raw('/empfehlen/462', { widget: '1', pk_campaign: 'herbst' }))).toEqual({
      path: '/empfehlen/462',
      params: { widget: '1', pk_campaign: 'herbst' },
    })
    expect(parseRedirectTarget(raw('/'))).toEqual({ path: '/', params: {} })
    expect(parseRedirectTarget(raw('/empfehler/bankdaten/'))).toEqual({
      path: '/empfehler/bankdaten/',
      params: {},
    })
  })

  it('round-trips what encodeRedirectTarget wrote', () => {
    const target = { path: '/praemie/17', params: { t: 'abc' } }
    expect(parseRedirectTarget(encodeRedirectTarget(target))).toEqual(target)
  })

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/persoenlicherbereich'],
    ['backslash', '/\\evil'],
    ['backslash inside', '/empfehlen/\\evil'],
    ['encoded slashes', '/%2F%2Fevil'],
    ['encoded slashes, lower case', '/%2f%2fevil.example'],
    ['encoded slash in a parameter', '/empfehlen/%2F%2Fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['encoded NUL', '/empfehlen/%00'],
    ['newline', '/persoenlicherbereich\n'],
    ['carriage return', '/empfehlen/1\r\nSet-Cookie:x'],
    ['tab', '/empfehlen/\t1'],
    ['NUL', '/persoenlicherbereich\u0000'],
    ['DEL', '/persoenlicherbereich\u007f'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['javascript: URL in upper case', 'JavaScript:alert(1)'],
    ['javascript: after a slash', '/javascript:alert(1)'],
    ['javascript: as a parameter', '/empfehlen/javascript:alert(1)'],
    ['absolute URL', 'https://evil.example/x'],
    ['absolute URL of our own path', 'http://localhost/persoenlicherbereich'],
    ['relative path', 'persoenlicherbereich'],
    ['unknown path', '/unbekannt'],
    ['tenant-prefixed path', '/demo/persoenlicherbereich'],
    ['query string', '/meinedaten?x=1'],
    ['hash', '/meinedaten#x'],
    ['login', '/login'],
    ['admin login', '/login/abc'],
    ['logout', '/logout'],
    ['404 page', '/404'],
    ['SSO return', '/sso'],
    ['redirecting route', '/exklusiv'],
    ['dot-dot segment', '/empfehlen/../meinedaten'],
    ['dot-dot at the end', '/empfehlen/..'],
    ['dot segment', '/./meinedaten'],
    ['encoded dot-dot segment', '/empfehlen/%2e%2e'],
    ['encoded dot-dot, upper case', '/empfehlen/%2E%2E'],
    ['half-encoded dot-dot', '/empfehlen/.%2e'],
    ['empty path', ''],
    ['overlong path', `/empfehlen/${'a'.repeat(600)}`],
  ])('rejects %s', (_label, path) => {
    expect(parseRedirectTarget(raw(path))).toBeNull()
  })

  it.each([
    ['malformed JSON', '{"path":"/meinedaten"'],
    ['not an object', '"/meinedaten"'],
    ['null', 'null'],
    ['an array', '["/meinedaten"]'],
    ['a number path', '{"path":42}'],
    ['a params array', '{"path":"/meinedaten","params":["x"]}'],
    ['non-string param values', '{"path":"/meinedaten","params":{"a":1}}'],
    ['an empty parameter', ''],
  ])('rejects %s', (_label, value) => {
    expect(parseRedirectTarget(value)).toBeNull()
  })

  it('rejects missing and overlong input', () => {
    expect(parseRedirectTarget(null)).toBeNull()
    expect(parseRedirectTarget(undefined)).toBeNull()
    const overlong = raw('/meinedaten', {
      pad: 'x'.repeat(500),
      pad2: 'y'.repeat(500),
      pad3: 'z'.repeat(500),
      pad4: 'w'.repeat(500),
    })
    expect(overlong.length).toBeGreaterThan(2048)
    expect(parseRedirectTarget(overlong)).toBeNull()
  })

  it('drops parameters with odd names or control characters and keeps the rest', () => {
    const parsed = parseRedirectTarget(
      raw('/meinedaten', { ok: 'ja', 'bad key': 'x', 'x<y': 'z', ctl: 'a\nb', tab: 'a\tb' }),
    )
    expect(parsed).toEqual({ path: '/meinedaten', params: { ok: 'ja' } })
  })
})

describe('isSafeRoutePath', () => {
  it('agrees with the parser on the plain cases', () => {
    expect(isSafeRoutePath('/faq')).toBe(true)
    expect(isSafeRoutePath('/empfehlen/ab%20c')).toBe(true)
    expect(isSafeRoutePath('//faq')).toBe(false)
    expect(isSafeRoutePath('/%E0%A4%A')).toBe(false)
  })
})
