import { frameworkScript, scriptHashSources, withScriptHashes } from './csp.mjs'
import { FIRST_PAINT_SCRIPT } from './first-paint.mjs'
import { contentSecurityPolicy } from './security-headers.mjs'
import {
  BOOTSTRAP,
  BOOTSTRAP_HASH,
  FLIGHT,
  FLIGHT_HASH,
  TURBOPACK,
  sha,
  page,
  scriptSrc,
  directive,
} from './csp-fixtures'

describe('frameworkScript', () => {
  it("allows the portal's own first-paint script by its exact text, and nothing like it", () => {
    expect(frameworkScript(FIRST_PAINT_SCRIPT)).toBe(true)
    expect(frameworkScript(`${FIRST_PAINT_SCRIPT};alert(1)`)).toBe(false)
    expect(frameworkScript(FIRST_PAINT_SCRIPT.replace('widget', 'x'))).toBe(false)
  })

  it.each([
    ['the flight bootstrap', BOOTSTRAP],
    ['the bootstrap with a form state', `${BOOTSTRAP};self.__next_f.push([2,["$@1",{"a":1}]])`],
    ['a flight data chunk', FLIGHT],
    ['a binary flight chunk', 'self.__next_f.push([3,"AAEC"])'],
    [
      'escaped markup in a chunk',
      'self.__next_f.push([1,"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"])',
    ],
    ["Turbopack's chunk list", TURBOPACK],
    ["Turbopack's list of two pages", `${TURBOPACK}\n${TURBOPACK}`],
  ])('accepts %s', (_label, text) => {
    expect(frameworkScript(text)).toBe(true)
  })

  it.each([
    ['any other script', 'alert(1)'],
    ['code after a flight chunk', `${FLIGHT};alert(1)`],
    ['code inside the chunk position', 'self.__next_f.push([1,alert(1)])'],
    ['a chunk that leaves its string', 'self.__next_f.push([1,"x"+alert(1)+"y"])'],
    ['a comment after it', `${FLIGHT}//`],
    ['code after the bootstrap', `${BOOTSTRAP};alert(1)`],
    ['a push with a call in it', 'self.__next_f.push([1,"x"].concat(alert(1)))'],
    ['Turbopack with code after it', `${TURBOPACK}alert(1)`],
    ['Turbopack with another global', TURBOPACK.replace('"TURBOPACK"] = ', '"OTHER"] = ')],
    ['Turbopack pushing code', '(globalThis["T"] || (globalThis["T"] = [])).push({a:alert(1)});'],
    ['an empty script', ''],
  ])('refuses %s', (_label, text) => {
    expect(frameworkScript(text)).toBe(false)
  })
})

describe('scriptHashSources', () => {
  it('lists the sha256 of each inline framework script, once each, and skips external and data scripts', () => {
    const html = page(
      `<script>${BOOTSTRAP}</script>`,
      `<script>${FLIGHT}</script>`,
      `<script>${FLIGHT}</script>`,
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="application/json" id="data">[1]</script>',
    )
    expect(scriptHashSources(html)).toEqual({ sources: [BOOTSTRAP_HASH, FLIGHT_HASH], refused: 0 })
  })

  it('hashes the text as the browser sees it (CR LF read as LF) and with any attributes', () => {
    const text = `${BOOTSTRAP};self.__next_f.push([2,\r\n{"a":1}])`
    const html = page(`<SCRIPT nonce="abc" id="_R_">${text}</SCRIPT >`)
    expect(scriptHashSources(html).sources).toEqual([sha(text.replace('\r\n', '\n'))])
  })

  it('leaves out an injected script, so it does not run, and counts it', () => {
    const html = page(
      `<script>${FLIGHT}</script>`,
      '<div class="rich"><script>fetch("/steal?c="+document.cookie)</script></div>',
      `<script type="text/javascript">${FLIGHT};alert(1)</script>`,
      '<script type="module">import("/x.js")</script>',
    )
    expect(scriptHashSources(html)).toEqual({ sources: [FLIGHT_HASH], refused: 3 })
  })

  it('does not take a script whose end it cannot tell for one of the framework', () => {
    // The browser ends this script at the first </script>; the remainder is text, never a script.
    const html = page(`<script>alert(1)</script>${FLIGHT}</script>`)
    expect(scriptHashSources(html)).toEqual({ sources: [], refused: 1 })
  })
})

describe('withScriptHashes', () => {
  it("replaces 'unsafe-inline' in script-src by the hashes and keeps every other directive", () => {
    const policy = contentSecurityPolicy(['https://shop.example'])
    const next = withScriptHashes(policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"), [
      BOOTSTRAP_HASH,
      FLIGHT_HASH,
    ])
    expect(scriptSrc(next)).toBe(`script-src 'self' ${BOOTSTRAP_HASH} ${FLIGHT_HASH}`)
    expect(directive(next, 'frame-ancestors')).toBe("frame-ancestors 'self' https://shop.example")
    expect(directive(next, 'style-src')).toBe("style-src 'self' 'unsafe-inline'")
    expect(next.split(';').map((d) => d.trim().split(' ')[0])).toEqual(
      policy.split(';').map((d) => d.trim().split(' ')[0]),
    )
  })

  it('drops earlier hashes and nonces and leaves a policy without script-src alone', () => {
    expect(withScriptHashes("default-src 'self'; script-src 'self' 'sha256-old=' 'nonce-x'", [])).toBe(
      "default-src 'self'; script-src 'self'",
    )
    expect(withScriptHashes("default-src 'none'; style-src 'unsafe-inline'", [FLIGHT_HASH])).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
  })
})

// ── the wrapper on a real HTTP server ──────────────────────────────────────────────────────────────
