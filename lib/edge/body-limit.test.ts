import http, { type IncomingMessage } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { DEFAULT_LIMIT, SERVER_ACTION_LIMIT, bodyLimit, isServerAction, step } from './body-limit.mjs'
import { awaitingContinue } from './respond.mjs'

function fakeRequest(method: string, url: string, headers: Record<string, string> = {}) {
  return { method, url, headers } as unknown as IncomingMessage
}

describe('body limits per path', () => {
  it('are 64 KiB for the main API and other routes, more for the imports', () => {
    expect(bodyLimit(fakeRequest('POST', '/api/v1/demo/account/createEmpfehler'))).toBe(DEFAULT_LIMIT)
    expect(bodyLimit(fakeRequest('POST', '/api/tracking/demo'))).toBe(DEFAULT_LIMIT)
    expect(bodyLimit(fakeRequest('POST', '/api/v1/demo/operator/gutscheine'))).toBe(4 * 1024 * 1024)
    expect(bodyLimit(fakeRequest('POST', '/api/v1/demo/auftraege?x=1'))).toBe(1024 * 1024)
    expect(bodyLimit(fakeRequest('POST', '/api/v1/demo/content/webhook'))).toBe(1024 * 1024)
    // Not an import: a path that merely contains the word.
    expect(bodyLimit(fakeRequest('POST', '/api/v1/demo/operator/gutscheine/x'))).toBe(DEFAULT_LIMIT)
  })

  it('are 1 MiB for server actions, fetched or posted as a form', () => {
    const fetched = fakeRequest('POST', '/demo/login', { 'next-action': 'abc' })
    const form = fakeRequest('POST', '/demo/login', { 'content-type': 'multipart/form-data; boundary=x' })
    const urlencoded = fakeRequest('POST', '/demo', { 'content-type': 'application/x-www-form-urlencoded' })
    for (const req of [fetched, form, urlencoded]) {
      expect(isServerAction(req)).toBe(true)
      expect(bodyLimit(req)).toBe(SERVER_ACTION_LIMIT)
    }
    expect(isServerAction(fakeRequest('GET', '/demo', { 'next-action': 'abc' }))).toBe(false)
    expect(
      isServerAction(fakeRequest('POST', '/api/tracking/demo', { 'content-type': 'multipart/form-data' })),
    ).toBe(false)
  })
})

/**
 * A server that runs the step as server.mjs does and answers what it then reads: the body's length and
 * how many bytes its socket took in.
 */
async function withServer(run: (port: number) => Promise<void>) {
  const handle = async (req: IncomingMessage, res: http.ServerResponse) => {
    if (await step(req, res)) return
    if (awaitingContinue.delete(req)) res.writeContinue()
    let length = 0
    for await (const chunk of req) length += (chunk as Buffer).length
    res.end(JSON.stringify({ length, text: length < 100 ? 'short' : 'long' }))
  }
  const server = http.createServer((req, res) => void handle(req, res))
  server.on('checkContinue', (req, res) => {
    awaitingContinue.add(req)
    void handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    await run((server.address() as AddressInfo).port)
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

/** Sends raw bytes, then more as long as the server lets it; resolves with what came back and what was sent. */
function rawExchange(port: number, head: string, more?: { chunk: Buffer; times: number }) {
  return new Promise<{ answer: string; sentAfterHead: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    let sentAfterHead = 0
    let times = 0
    const sendMore = () => {
      while (more && times < more.times && !socket.destroyed) {
        times++
        sentAfterHead += more.chunk.length
        if (!socket.write(more.chunk)) return void socket.once('drain', sendMore)
      }
    }
    socket.on('connect', () => {
      socket.write(head)
      sendMore()
    })
    socket.on('data', (data) => {
      answer += data.toString('latin1')
    })
    socket.on('error', () => undefined)
    socket.on('close', () => resolve({ answer, sentAfterHead }))
    setTimeout(() => socket.destroy(), 4_000).unref()
  })
}

const API = '/api/v1/demo/account/createEmpfehler'

describe('the body-limit step', () => {
  it('refuses a declared length over the limit with 413 before the body is sent', async () => {
    await withServer(async (port) => {
      const { answer } = await rawExchange(
        port,
        `POST ${API} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 209715200\r\n\r\n`,
      )
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i)
      expect(answer).toContain('"Code":"ZuGross"')
    })
  })

  it('reads and drops the rest of a refused body, so its sender gets the answer, not a reset', async () => {
    await withServer(async (port) => {
      const body = Buffer.alloc(1300 * 1024, 'a')
      const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          { port, host: '127.0.0.1', method: 'POST', path: API, headers: { 'Content-Length': body.length } },
          (res) => {
            let text = ''
            res.on('data', (chunk: Buffer) => (text += chunk.toString()))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
          },
        )
        request.on('error', reject)
        request.end(body)
      })
      expect(response.status).toBe(413)
      expect(response.text).toContain('"Code":"ZuGross"')
    })
  })

  it('never asks for the body of a client that waits for 100 Continue', async () => {
    await withServer(async (port) => {
      const { answer } = await rawExchange(
        port,
        `POST ${API} HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 209715200\r\n\r\n`,
      )
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer).not.toContain('100 Continue')
    })
  })

  it('passes a declared length within the limit on untouched', async () => {
    await withServer(async (port) => {
      const response = await fetch(`http://127.0.0.1:${port}${API}`, {
        method: 'POST',
        body: 'x'.repeat(1000),
      })
      expect(await response.json()).toEqual({ length: 1000, text: 'long' })
    })
  })

  it('passes a chunked body within the limit on whole, also when it came with the head', async () => {
    await withServer(async (port) => {
      const small = await rawExchange(
        port,
        `POST ${API} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
      )
      expect(small.answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"length":3,"text":"short"\}$/)

      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(10_000).fill(97))
          controller.close()
        },
      })
      const response = await fetch(`http://127.0.0.1:${port}${API}`, {
        method: 'POST',
        body,
        duplex: 'half',
      } as RequestInit)
      expect(await response.json()).toEqual({ length: 60_000, text: 'long' })
    })
  })

  it('stops reading a chunked body at the limit and answers 413', async () => {
    await withServer(async (port) => {
      const chunk = Buffer.from(`4000\r\n${'a'.repeat(0x4000)}\r\n`)
      // 64 MiB offered in 16 KiB chunks; the server must answer long before.
      const { answer, sentAfterHead } = await rawExchange(
        port,
        `POST ${API} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`,
        { chunk, times: 4096 },
      )
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer).toContain('"Code":"ZuGross"')
      expect(sentAfterHead).toBeLessThan(16 * 1024 * 1024)
    })
  })
})
