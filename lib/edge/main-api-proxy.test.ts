import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mainApiProxyStep } from './main-api-proxy.mjs'

// A portal server whose step passes /api/v1 and /api/dev on to a main API server, both on loopback.
let mainApi: http.Server
let portal: http.Server
let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = []
let portalBase = ''

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  mainApi = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body })
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-From': 'main-api' })
      res.end(JSON.stringify({ Ok: true }))
    })
  })
  const apiPort = await listen(mainApi)
  const step = mainApiProxyStep(`http://127.0.0.1:${apiPort}/api/v1`, 1)!
  portal = http.createServer((req, res) => {
    // As the client-address step leaves it: the resolved client in X-Forwarded-For.
    req.headers['x-forwarded-for'] = '203.0.113.7'
    void step(req, res).then((answered) => {
      if (!answered) res.end('page')
    })
  })
  portalBase = `http://127.0.0.1:${await listen(portal)}`
})

afterAll(async () => {
  await new Promise((resolve) => portal.close(resolve))
  await new Promise((resolve) => mainApi.close(resolve))
})

beforeEach(() => {
  seen = []
})

describe('the main API passed on from the portal', () => {
  it('passes main-API and developer-tool requests on as they came, with the client and host named', async () => {
    const answer = await fetch(`${portalBase}/api/v1/demo/Empfehlen/create?channel=wa`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Host: 'portal' },
      body: JSON.stringify({ Vorname: 'Kim' }),
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('x-from')).toBe('main-api')
    expect(await answer.json()).toEqual({ Ok: true })
    await fetch(`${portalBase}/api/dev/mailbox?to=a%40b.de`)
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/v1/demo/Empfehlen/create?channel=wa', '{"Vorname":"Kim"}'],
      ['GET', '/api/dev/mailbox?to=a%40b.de', ''],
    ])
    expect(seen[0]!.headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.7')
    expect(seen[0]!.headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/)
  })

  it("leaves pages and the portal's own routes to the portal", async () => {
    for (const path of ['/demo', '/api/session/demo', '/api/v10/x', '/apix/v1']) {
      expect(await (await fetch(`${portalBase}${path}`)).text()).toBe('page')
    }
    expect(seen).toEqual([])
  })

  it('answers 502 NetzwerkFehler when the main API cannot be reached, and refuses to name itself', async () => {
    const step = mainApiProxyStep('http://127.0.0.1:9/api/v1', 1)!
    const server = http.createServer((req, res) => void step(req, res))
    const base = `http://127.0.0.1:${await listen(server)}`
    const answer = await fetch(`${base}/api/v1/demo/produkt`)
    expect(answer.status).toBe(502)
    expect(((await answer.json()) as { Code: string }).Code).toBe('NetzwerkFehler')
    await new Promise((resolve) => server.close(resolve))
    expect(() => mainApiProxyStep('http://localhost:3000/api/v1', 3000)).toThrow(/names this server itself/)
    expect(mainApiProxyStep(undefined, 3000)).toBeNull()
  })
})

describe('a kept connection the main API closes as it is reused', () => {
  // A main API that drops the second request of every connection unanswered, as a server whose
  // keep-alive time ran out just then does.
  async function droppingMainApi() {
    const requests: string[] = []
    const perSocket = new WeakMap<object, number>()
    const server = http.createServer((req, res) => {
      const count = (perSocket.get(req.socket) ?? 0) + 1
      perSocket.set(req.socket, count)
      requests.push(`${req.method} ${count}`)
      req.resume()
      if (count === 2) {
        req.socket.destroy()
        return
      }
      res.end('{"Ok":true}')
    })
    const port = await listen(server)
    const step = mainApiProxyStep(`http://127.0.0.1:${port}/api/v1`, 1)!
    const front = http.createServer((req, res) => void step(req, res))
    const base = `http://127.0.0.1:${await listen(front)}`
    const close = async () => {
      await new Promise((resolve) => front.close(resolve))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
    return { base, requests, close }
  }

  it('sends a GET once more on a new connection and answers it', async () => {
    const api = await droppingMainApi()
    try {
      expect((await fetch(`${api.base}/api/v1/demo/produkt`)).status).toBe(200)
      const again = await fetch(`${api.base}/api/v1/demo/produkt`)
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual({ Ok: true })
      expect(api.requests).toEqual(['GET 1', 'GET 2', 'GET 1'])
    } finally {
      await api.close()
    }
  })

  it('never sends a POST twice: it answers 502', async () => {
    const api = await droppingMainApi()
    try {
      await fetch(`${api.base}/api/v1/demo/produkt`)
      const post = await fetch(`${api.base}/api/v1/demo/Empfehlen/create`, { method: 'POST', body: '{}' })
      expect(post.status).toBe(502)
      expect(api.requests).toEqual(['GET 1', 'POST 2'])
    } finally {
      await api.close()
    }
  })
})
