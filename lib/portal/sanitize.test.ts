import { portalHref, sanitizeContentHtml } from './sanitize'

const de = { tenant: 'demo', locale: 'de', hostMapped: false } as const
const en = { tenant: 'demo', locale: 'en', hostMapped: false } as const

describe('sanitizeContentHtml', () => {
  it('removes scripts, event handlers, styles and dangerous links', () => {
    const html =
      '<p onclick="x()" style="color:red">Hallo<script>alert(1)</script></p><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">a</a><iframe src="https://evil.example"></iframe>'
    const clean = sanitizeContentHtml(html, de)
    expect(clean).toBe('<p>Hallo</p><a>a</a>')
  })

  it('keeps text markup, lists and tables', () => {
    const html =
      '<h3>T</h3><ul><li><strong>a</strong></li></ul><table><tr><th scope="col">h</th></tr></table>'
    expect(sanitizeContentHtml(html, de)).toBe(html.replace('<table><tr>', '<table><tr>'))
  })

  it('moves headings of the page level below the page outline', () => {
    expect(sanitizeContentHtml('<h1>a</h1><h2>b</h2>', de)).toBe('<h3>a</h3><h3>b</h3>')
  })

  it('writes portal paths for the tenant and locale, and marks external links', () => {
    expect(sanitizeContentHtml('<a href="/faq#auszahlung">FAQ</a>', de)).toBe(
      '<a href="/demo/faq#auszahlung">FAQ</a>',
    )
    expect(sanitizeContentHtml('<a href="/kontakt">K</a>', en)).toBe('<a href="/demo/en/kontakt">K</a>')
    expect(sanitizeContentHtml('<a href="https://x.example">x</a>', de)).toBe(
      '<a href="https://x.example" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeContentHtml('<a href="mailto:a@b.example">m</a>', de)).toBe(
      '<a href="mailto:a@b.example">m</a>',
    )
    expect(sanitizeContentHtml('<a href="//evil.example">x</a>', de)).toBe('<a>x</a>')
  })

  it('writes home and queries of portal paths', () => {
    expect(portalHref(de, '/')).toBe('/demo')
    expect(portalHref({ tenant: 'demo', locale: 'de', hostMapped: true }, '/')).toBe('/')
    expect(portalHref(en, '/aktuellepraemienuebersicht?x=1#a')).toBe(
      '/demo/en/aktuellepraemienuebersicht?x=1#a',
    )
  })
})
