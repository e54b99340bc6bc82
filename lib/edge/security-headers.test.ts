import {
  COMMON_SECURITY_HEADERS,
  FRAMING_HEADERS_SELF,
  contentSecurityPolicy,
  frameOptions,
  frameOrigins,
} from './security-headers.mjs'

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources.join(' ')]
    }),
  )
}

describe('frameOrigins', () => {
  it('keeps http(s) origins of the setting, normalised and once each', () => {
    expect(
      frameOrigins([
        'https://www.lumenta.example/freunde-werben?x=1#y',
        'https://www.lumenta.example',
        'HTTP://127.0.0.1:3410/',
        'https://[::1]:8443',
        'https://bücher.example',
      ]),
    ).toEqual([
      'https://www.lumenta.example',
      'http://127.0.0.1:3410',
      'https://[::1]:8443',
      'https://xn--bcher-kva.example',
    ])
  })

  it.each([
    ['another scheme', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<p>'],
    ['a file address', 'file:///etc/passwd'],
    ['no address at all', 'www.lumenta.example'],
    ['a wildcard', 'https://*.lumenta.example'],
    ['user info', 'https://user:secret@lumenta.example'],
    ['a character that ends a CSP directive', 'https://a;script-src.example'],
    ['a quote', "https://a'unsafe-inline'.example"],
    ['a comma', 'https://a,b.example'],
    ['the keyword *', '*'],
  ])('drops %s', (_label, value) => {
    expect(frameOrigins([value])).toEqual([])
  })

  it('accepts no setting', () => {
    expect(frameOrigins(undefined)).toEqual([])
    expect(frameOrigins(null)).toEqual([])
  })
})

describe('contentSecurityPolicy', () => {
  it('allows framing by the portal itself only, without origins', () => {
    const policy = directives(contentSecurityPolicy())
    expect(policy.get('frame-ancestors')).toBe("'self'")
    expect(policy.get('default-src')).toBe("'self'")
    expect(policy.get('object-src')).toBe("'none'")
    expect(policy.get('base-uri')).toBe("'self'")
    expect(policy.get('form-action')).toBe("'self'")
  })

  it("allows no inline script by itself: server.mjs adds each page's script hashes (lib/edge/csp.mjs)", () => {
    const policy = directives(contentSecurityPolicy(['https://www.lumenta.example']))
    expect(policy.get('script-src')).toBe("'self'")
    // React's style attributes need inline styles; no script runs from a style.
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'")
  })

  it("adds the registered origins to 'self', and nothing else changes", () => {
    const withOrigins = directives(
      contentSecurityPolicy(['https://www.lumenta.example/x', 'http://127.0.0.1:3410']),
    )
    expect(withOrigins.get('frame-ancestors')).toBe(
      "'self' https://www.lumenta.example http://127.0.0.1:3410",
    )
    const without = directives(contentSecurityPolicy())
    withOrigins.delete('frame-ancestors')
    without.delete('frame-ancestors')
    expect(withOrigins).toEqual(without)
  })

  it('cannot be widened or broken by a setting', () => {
    const policy = contentSecurityPolicy([
      '*',
      'https://x.example; script-src *',
      'https://a;b.example',
      'data:',
    ])
    expect(directives(policy).get('frame-ancestors')).toBe("'self'")
    expect(policy.split(';')).toHaveLength(directives(contentSecurityPolicy()).size)
  })
})

describe('frameOptions', () => {
  it('is SAMEORIGIN where only the portal may frame, and left out for a list of origins', () => {
    expect(frameOptions()).toBe('SAMEORIGIN')
    expect(frameOptions(['javascript:alert(1)'])).toBe('SAMEORIGIN')
    expect(frameOptions(['https://www.lumenta.example'])).toBeNull()
  })
})

describe('static headers', () => {
  it('send CSP and X-Frame-Options outside widget mode, HSTS, nosniff and Referrer-Policy always', () => {
    expect(Object.fromEntries(FRAMING_HEADERS_SELF.map((h) => [h.key, h.value]))).toEqual({
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Frame-Options': 'SAMEORIGIN',
    })
    const common = Object.fromEntries(COMMON_SECURITY_HEADERS.map((h) => [h.key, h.value]))
    expect(common['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/)
    expect(common['X-Content-Type-Options']).toBe('nosniff')
    expect(common['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  })
})
