import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { MAX_HELD_BYTES, cspHashes, forgetHashes, withScriptHashes } from './csp.mjs'
import { contentSecurityPolicy } from './security-headers.mjs'
import {
  compression,
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

// cspHashes on a live response: hashes of a page's inline scripts join its policy, through Next's compression.
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

/**
 * A raw request (fetch would unpack compressed bodies and hide the encoding); firstByteBeforeEnd tells
 * whether the first part of the body arrived before the answer was complete (it streamed).
 */
function request(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers })
    req.on('error', reject)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let firstByteBeforeEnd = false
      res.on('data', (chunk: Buffer) => {
        if (chunks.length === 0 && !res.complete) firstByteBeforeEnd = true
        chunks.push(chunk)
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          firstByteBeforeEnd,
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
    handler = async (_req, res) => {
      res.setHeader('Content-Security-Policy', BASE_POLICY)
      res.setHeader('Content-Type', 'text/x-component')
      res.write('0:"a"\n')
      // The first part is on its way before the end: not held.
      await new Promise((resolve) => setTimeout(resolve, 50))
      res.end('1:"b"\n')
    }
    const answer = await request('/demo?_rsc=1')
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
