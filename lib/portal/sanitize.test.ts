import { contentHtml, portalHref, sanitizeContentHtml, scrollableTables } from './sanitize'

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

describe('scrollableTables', () => {
  const texts = { label: 'Tabelle', hint: 'Seitlich wischen' }
  const region = (table: string) =>
    `<div class="table-scroll" role="region" tabindex="0" aria-label="Tabelle">${table}</div>`

  it('labels each cell of a table under a row of three or more headings, for the cards of a phone', () => {
    const table =
      '<table><thead><tr><th scope="col">Name</th><th>Art</th><th>Zweck &amp; "Dauer"</th></tr></thead>' +
      '<tbody><tr><td>psoe_token</td><td>Cookie</td><td><em>Anmeldung</em></td></tr></tbody></table>'
    expect(scrollableTables(`<p>x</p>${table}`, texts)).toBe(
      '<p>x</p>' +
        region(
          '<table class="table-cards"><thead><tr><th scope="col">Name</th><th>Art</th><th>Zweck &amp; "Dauer"</th></tr></thead>' +
            '<tbody><tr><td data-label="Name">psoe_token</td><td data-label="Art">Cookie</td>' +
            '<td data-label="Zweck &amp; &quot;Dauer&quot;"><em>Anmeldung</em></td></tr></tbody></table>',
        ),
    )
  })

  it('lets any other wide table scroll in a named region, with the hint for a phone', () => {
    const wide =
      '<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>'
    const spanning = '<table><tr><th>a</th><th>b</th><th>c</th></tr><tr><td colspan="3">1</td></tr></table>'
    const narrow = '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>'
    expect(scrollableTables(wide + spanning + narrow, texts)).toBe(
      `<p class="table-hint">Seitlich wischen</p>${region(wide)}` +
        `<p class="table-hint">Seitlich wischen</p>${region(spanning)}` +
        region(narrow),
    )
  })

  it('escapes its texts and leaves content without tables as it is', () => {
    expect(scrollableTables('<p>ohne</p>', texts)).toBe('<p>ohne</p>')
    expect(scrollableTables('<table><tr><td>a</td></tr></table>', { label: '"<x>', hint: '' })).toContain(
      'aria-label="&quot;&lt;x&gt;"',
    )
  })
})

describe('contentHtml', () => {
  it('sanitizes the content and names its tables with the texts the page gives', () => {
    const t = (key: 'tableLabel' | 'tableHint') => (key === 'tableLabel' ? 'Tabelle' : 'Wischen')
    const html = contentHtml('<script>x()</script><table><tr><td>a</td></tr></table>', de, t)
    expect(html).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Tabelle"><table><tr><td>a</td></tr></table></div>',
    )
  })
})
