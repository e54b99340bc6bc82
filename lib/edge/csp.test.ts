import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import {
  MAX_HELD_BYTES,
  cspHashes,
  forgetHashes,
  frameworkScript,
  scriptHashSources,
  withScriptHashes,
} from './csp.mjs'
import { contentSecurityPolicy } from './security-headers.mjs'

// The compression middleware Next runs inside its request handler (router-server.js), after the
// wrappers of server.mjs have patched the response.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const compression = require('next/dist/compiled/compression') as () => (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void

const BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])'
// sha256 of BOOTSTRAP, computed independently (printf … | openssl dgst -sha256 -binary | base64).
const BOOTSTRAP_HASH = "'sha256-OBTN3RiyCV4Bq7dFqZ5a2pAXjnCcCYeTJMO2I/LYKeo='"
const FLIGHT = 'self.__next_f.push([1,"0:{}\\n"])'
const FLIGHT_HASH = "'sha256-+799Bi+9FT749dqdU0099c7Ro1Wczu7zEnBL261x/CU='"
const TURBOPACK =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[94553]});'

function sha(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

function page(...scripts: string[]): string {
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">',
    '<script src="/_next/static/chunks/main.js" async=""></script>',
    '</head><body><h1>Empfehlen</h1>',
    ...scripts,
    '</body></html>',
  ].join('')
}

type Policy = string | string[] | null | undefined

function scriptSrc(policy: Policy): string {
  return /(?:^|;)\s*(script-src [^;]*)/.exec(String(policy ?? ''))?.[1] ?? '(none)'
}

function directive(policy: Policy, name: string): string | undefined {
  return String(policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name)
}

describe('frameworkScript', () => {
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

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>

const BASE_POLICY = contentSecurityPolicy().replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
const WIDGET_POLICY = contentSecurityPolicy(['https://shop.example'])

let server: http.Server
let handler: Handler = () => {}
let base = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    cspHashes(req, res)
    // What Next does first: configured headers, then its compression, then the page.
    void Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.statusCode = 599
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  forgetHashes()
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; firstByteBeforeEnd: boolean }

/** A raw request (fetch would unpack compressed bodies and hide the encoding). */
function request(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers })
    req.on('error', reject)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          firstByteBeforeEnd: false,
        }),
      )
    })
    req.end()
  })
}

function nextLike(
  html: string,
  options: {
    policy?: string
    etag?: string
    compress?: boolean
    stream?: boolean
    part?: number
    status?: number
  } = {},
): Handler {
  return async (req, res) => {
    res.setHeader('Content-Security-Policy', options.policy ?? BASE_POLICY)
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    if (options.compress) compression()(req, res, () => {})
    res.statusCode = options.status ?? 200
    if (options.etag) {
      res.setHeader('ETag', options.etag)
      if (req.headers['if-none-match'] === options.etag) {
        res.statusCode = 304
        res.end()
        return
      }
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    if (!options.stream) {
      res.setHeader('Content-Length', Buffer.byteLength(html))
      res.end(req.method === 'HEAD' ? null : html)
      return
    }
    // As Next's pipeToNodeResponse: flushHeaders on the first chunk, then writes and a flush each.
    const size = options.part ?? 40
    const parts = Array.from({ length: Math.ceil(html.length / size) }, (_, i) =>
      html.slice(i * size, (i + 1) * size),
    )
    res.flushHeaders()
    for (const part of parts) {
      res.write(part)
      ;(res as unknown as { flush?: () => void }).flush?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    res.end()
  }
}

const HTML = page(
  `<script id="_R_">${TURBOPACK}</script>`,
  `<script>${BOOTSTRAP}</script>`,
  `<script>${FLIGHT}</script>`,
)
const HTML_HASHES = [sha(TURBOPACK), BOOTSTRAP_HASH, FLIGHT_HASH]

describe('cspHashes on a response', () => {
  it('sends a cached page unchanged with the hashes of its scripts in script-src', async () => {
    handler = nextLike(HTML, { etag: '"abc"' })
    const answer = await request('/demo')
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toBe(HTML)
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(HTML)))
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it("keeps the widget mode's frame-ancestors and every other directive", async () => {
    handler = nextLike(HTML, { policy: WIDGET_POLICY })
    const policy = (await request('/demo?widget=1')).headers['content-security-policy']
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self' https://shop.example")
    expect(policy).toBe(withScriptHashes(WIDGET_POLICY, HTML_HASHES))
  })

  it('holds a streamed page until its end and lists the scripts of every part', async () => {
    handler = nextLike(HTML, { stream: true })
    const answer = await request('/demo/login')
    expect(answer.body.toString()).toBe(HTML)
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(HTML)))
  })

  it('keeps an error page to the same rule', async () => {
    handler = nextLike(HTML, { status: 404, stream: true })
    const answer = await request('/gibt-es-nicht')
    expect(answer.status).toBe(404)
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )
  })

  it.each(['gzip', 'deflate'])('reads the scripts of a page Next compressed with %s', async (encoding) => {
    handler = nextLike(HTML, { compress: true, stream: true })
    const answer = await request('/demo/login', { headers: { 'Accept-Encoding': encoding } })
    expect(answer.headers['content-encoding']).toBe(encoding)
    const unpacked = encoding === 'gzip' ? zlib.gunzipSync(answer.body) : zlib.inflateSync(answer.body)
    expect(unpacked.toString()).toBe(HTML)
    expect(answer.headers['content-length']).toBe(String(answer.body.length))
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )
  })

  it("reads a brotli-compressed page too (Next's compression knows none today) and refuses an unknown encoding", async () => {
    handler = (_req, res) => {
      res.setHeader('Content-Security-Policy', BASE_POLICY)
      res.setHeader('Content-Type', 'text/html')
      res.setHeader('Content-Encoding', 'br')
      res.end(zlib.brotliCompressSync(HTML))
    }
    const br = await request('/demo/login')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(HTML)
    expect(scriptSrc(br.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )

    handler = (_req, res) => {
      res.setHeader('Content-Security-Policy', BASE_POLICY)
      res.setHeader('Content-Type', 'text/html')
      res.setHeader('Content-Encoding', 'zstd')
      res.end('(not readable here)')
    }
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
    const unknown = await request('/demo/login')
    errors.mockRestore()
    expect(scriptSrc(unknown.headers['content-security-policy'])).toBe("script-src 'self'")
  })

  it('knows the hashes of a cached page by its ETag afterwards, also for HEAD', async () => {
    handler = nextLike(HTML, { etag: '"e1"' })
    const get = await request('/demo')
    const head = await request('/demo', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy'])
  })

  it('answers HEAD of a page it has not seen with script-src allowing no inline script', async () => {
    handler = nextLike(HTML, { etag: '"e2"' })
    const head = await request('/demo', { method: 'HEAD' })
    expect(head.body.length).toBe(0)
    expect(scriptSrc(head.headers['content-security-policy'])).toBe("script-src 'self'")
  })

  it('sends a 304 without a CSP, so the browser keeps the policy it stored with the page', async () => {
    handler = nextLike(HTML, { etag: '"e3"' })
    await request('/demo')
    const notModified = await request('/demo', { headers: { 'If-None-Match': '"e3"' } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers['content-security-policy']).toBeUndefined()
    expect(notModified.headers.etag).toBe('"e3"')
  })

  it('leaves non-HTML answers untouched and streaming', async () => {
    let sawFirstChunk = false
    handler = async (_req, res) => {
      res.setHeader('Content-Security-Policy', BASE_POLICY)
      res.setHeader('Content-Type', 'text/x-component')
      res.write('0:"a"\n')
      // The first part is on its way before the end: not held.
      await new Promise((resolve) => setTimeout(resolve, 50))
      res.end('1:"b"\n')
    }
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${base}/demo?_rsc=1`)
      req.on('error', reject)
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0 && !res.complete) sawFirstChunk = true
          chunks.push(chunk)
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            firstByteBeforeEnd: sawFirstChunk,
          }),
        )
      })
      req.end()
    })
    expect(answer.body.toString()).toBe('0:"a"\n1:"b"\n')
    expect(answer.headers['content-security-policy']).toBe(BASE_POLICY)
    expect(answer.firstByteBeforeEnd).toBe(true)
  })

  it('leaves JSON, and HTML without a CSP, as they are', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Security-Policy': BASE_POLICY })
      res.end('{"Code":0}')
    }
    const json = await request('/api/v1/mandant/demo')
    expect(json.headers['content-security-policy']).toBe(BASE_POLICY)
    expect(json.body.toString()).toBe('{"Code":0}')

    handler = (_req, res) => {
      res.setHeader('Content-Type', 'text/html')
      res.end(HTML)
    }
    const plain = await request('/x')
    expect(plain.headers['content-security-policy']).toBeUndefined()
    expect(plain.body.toString()).toBe(HTML)
  })

  it('takes headers given to writeHead', async () => {
    handler = (_req, res) => {
      res.writeHead(200, 'OK', { 'Content-Type': 'text/html', 'Content-Security-Policy': BASE_POLICY })
      res.end(HTML)
    }
    const answer = await request('/x')
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe(
      `script-src 'self' ${HTML_HASHES.join(' ')}`,
    )
    expect(answer.body.toString()).toBe(HTML)
  })

  it('sends a page too large to hold without script hashes (its scripts do not run) and whole', async () => {
    const large = page(`<script>${FLIGHT}</script>`, 'x'.repeat(MAX_HELD_BYTES + 10))
    handler = nextLike(large, { stream: true, part: 1 << 16 })
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
    const answer = await request('/big')
    errors.mockRestore()
    expect(answer.body.length).toBe(Buffer.byteLength(large))
    expect(scriptSrc(answer.headers['content-security-policy'])).toBe("script-src 'self'")
  })
})
