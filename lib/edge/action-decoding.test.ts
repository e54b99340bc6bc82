import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { actionDecoding } from './action-decoding.mjs'
import { inActionScope, markActionStarted } from './action-scope.mjs'

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>

/** A server that runs a stand-in for Next's handler as server.mjs does: in the scope, after the wrapper. */
async function serve(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void inActionScope(async () => {
      actionDecoding(req, res)
      await handler(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const ACTION = { method: 'POST', headers: { 'Next-Action': 'a'.repeat(42), 'Content-Type': 'text/plain' } }

/** Next's answer to a body it could not decode: 500, headers one by one, the body in pieces. */
const failsToDecode: Handler = async (_req, res) => {
  res.statusCode = 500
  res.setHeader('Content-Type', 'text/x-component')
  res.write('0:{"a":"$@1"}\n')
  await new Promise((resolve) => setTimeout(resolve, 5))
  res.end('1:E{"digest":"123"}\n', () => undefined)
}

describe('actionDecoding', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('answers 400 with the security headers where Next failed before the action ran', async () => {
    const server = await serve(failsToDecode)
    close = server.close
    const response = await fetch(`${server.url}/demo/login`, { ...ACTION, body: 'not json' })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toContain('Die Anfrage ist fehlerhaft')
  })

  it('keeps a 500 once the action marked that it runs: the failure is the portal’s own', async () => {
    const server = await serve(async (req, res) => {
      markActionStarted()
      await failsToDecode(req, res)
    })
    close = server.close
    const response = await fetch(`${server.url}/demo/login`, { ...ACTION, body: '["$K1"]' })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('digest')
  })

  it('passes every answer under 500 and every request that is no server action', async () => {
    const server = await serve(async (req, res) => {
      res.writeHead(req.method === 'GET' ? 500 : 200, { 'Content-Type': 'text/plain' })
      res.end('as Next wrote it')
    })
    close = server.close
    const action = await fetch(`${server.url}/demo/login`, { ...ACTION, body: '[]' })
    expect([action.status, await action.text()]).toEqual([200, 'as Next wrote it'])
    const page = await fetch(`${server.url}/demo`)
    expect([page.status, await page.text()]).toEqual([500, 'as Next wrote it'])
    const api = await fetch(`${server.url}/api/v1/demo/x`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    })
    expect(api.status).toBe(200)
  })

  it('refuses a form posted without JavaScript that Next could not read', async () => {
    const server = await serve(async (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' })
      res.end('<html>error</html>')
    })
    close = server.close
    const response = await fetch(`${server.url}/demo/kontakt`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nbroken',
    })
    expect(response.status).toBe(400)
  })

  it('is a no-op outside a scope (next dev, tests)', () => {
    expect(() => markActionStarted()).not.toThrow()
  })
})
