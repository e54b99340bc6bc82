import http, { type IncomingMessage } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { MAX_URL_LENGTH, headerProblem, step, targetProblem } from './request-shape.mjs'
import { refuseClientError } from './respond.mjs'

describe('request targets', () => {
  it.each([
    '/',
    '/demo',
    '/demo/en/faq?x=1&y=a+b',
    '/api/v1/demo/produkt/462/grafik',
    '/demo/%C3%A4rger?q=%E2%82%AC&channel=herbst%20mail',
    '/demo?flag',
    '/demo?a=&b==',
    '/demo/smartphones.html',
    '/demo/.../a..b/.x?path=../x',
    // Escaped slashes and backslashes are part of a value, as in an order number or a typed code.
    '/api/v1/demo/agentur/auftragfreigeben/2026%2F..%2F7/AB12CD34EF',
    '/api/v1/demo/empfehlungscode/AB%5CCD',
  ])('takes %s', (url) => {
    expect(targetProblem(url)).toBeNull()
  })

  it.each([
    ['/demo/%ff', 'broken percent-encoding in the path'],
    ['/%ff', 'broken percent-encoding in the path'],
    ['/demo/%C3', 'broken percent-encoding in the path'],
    ['/demo/%zz', 'broken percent-encoding in the path'],
    ['/demo/50%', 'broken percent-encoding in the path'],
    ['/demo/%00', 'control character in the path'],
    ['/demo/a%0Ab', 'control character in the path'],
    ['/api/dev/mailbox?to=%00', 'NUL in the query'],
    ['/demo?x=%ff', 'broken percent-encoding in the query'],
    ['/demo?%ff=1', 'broken percent-encoding in the query'],
    ['/demo?x=50%', 'broken percent-encoding in the query'],
    ['/demo/ä', 'bytes outside printable ASCII'],
    ['/demo/a b', 'bytes outside printable ASCII'],
    ['http://evil.example/demo', 'not a path'],
    ['//evil.example/demo', 'not a path'],
    ['*', 'not a path'],
    ['/demo-closed/x/../internet', 'dot segment in the path'],
    ['/demo-closed/./internet', 'dot segment in the path'],
    ['/demo-closed/%2e/internet', 'dot segment in the path'],
    ['/demo-closed/%2E%2e/internet', 'dot segment in the path'],
    ['/demo-closed/%2e./internet', 'dot segment in the path'],
    ['/demo-closed/internet/..', 'dot segment in the path'],
    ['/demo-closed\\internet', 'backslash in the path'],
    ['/demo-closed/x\\..\\internet', 'backslash in the path'],
  ])('refuses %s (%s) with 400', (url, reason) => {
    expect(targetProblem(url)).toEqual({ status: 400, reason })
  })

  it('refuses an address over 6 KiB with 414', () => {
    expect(targetProblem(`/demo?x=${'a'.repeat(MAX_URL_LENGTH)}`)).toEqual({
      status: 414,
      reason: 'too long',
    })
    expect(targetProblem(`/demo?x=${'a'.repeat(MAX_URL_LENGTH - 20)}`)).toBeNull()
  })
})

describe('request headers', () => {
  it('take ordinary hosts and router headers', () => {
    expect(headerProblem({ host: 'localhost:3000' })).toBeNull()
    expect(
      headerProblem({ host: 'demo.localhost', 'x-forwarded-host': 'portal.example.org, proxy.internal' }),
    ).toBeNull()
    expect(headerProblem({ host: '[::1]:3000' })).toBeNull()
    expect(
      headerProblem({
        host: 'x',
        'content-type': 'multipart/form-data; boundary=----WebKitFormBoundaryA1b2',
      }),
    ).toBeNull()
    expect(
      headerProblem({ host: 'x', 'content-type': 'multipart/form-data; boundary="a b"; charset=utf-8' }),
    ).toBeNull()
    expect(
      headerProblem({
        host: 'x',
        'next-url': '/demo/faq',
        'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['demo', {}] }])),
      }),
    ).toBeNull()
  })

  it.each([
    [{}, 'Host missing or malformed'],
    [{ host: 'a b' }, 'Host missing or malformed'],
    [{ host: 'x/y' }, 'Host missing or malformed'],
    [{ host: 'x', 'x-forwarded-host': 'a b' }, 'X-Forwarded-Host malformed'],
    [{ host: 'x', 'next-url': '/%ff' }, 'Next-Url malformed'],
    [{ host: 'x', 'next-router-state-tree': '%ff' }, 'Next-Router-State-Tree malformed'],
    [{ host: 'x', 'next-router-state-tree': '{"a":1}' }, 'Next-Router-State-Tree malformed'],
    [{ host: 'x', 'content-type': 'multipart/form-data' }, 'multipart Content-Type without a boundary'],
    [
      { host: 'x', 'content-type': 'multipart/form-data; boundary=' },
      'multipart Content-Type without a boundary',
    ],
  ])('refuse %j', (headers, problem) => {
    expect(headerProblem(headers)).toBe(problem)
  })
})

/** One raw request against a server that runs the step, then answers 200. */
async function exchange(head: string): Promise<string> {
  const server = http.createServer({ requireHostHeader: false }, (req: IncomingMessage, res) => {
    void step(req, res).then((answered) => answered || res.end('ok'))
  })
  server.on('clientError', refuseClientError)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await new Promise<string>((resolve) => {
      const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1')
      let answer = ''
      socket.on('connect', () => socket.write(head))
      socket.on('data', (data) => {
        answer += data.toString('utf8')
        if (/\r\n\r\n[\s\S]*\n$|\r\n\r\nok$/.test(answer)) socket.end()
      })
      socket.on('close', () => resolve(answer))
      socket.on('error', () => resolve(answer))
    })
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('the request-shape step and the parser errors', () => {
  it('answers a broken path with 400 and the security headers, in the main API as its envelope', async () => {
    const answer = await exchange('GET /api/v1/demo/%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'self'/)
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/)
    expect(answer).toContain('{"Code":"AnfrageUngueltig","Message":"Die Anfrage ist fehlerhaft')
  })

  it('answers in English where the request asks for it', async () => {
    const answer = await exchange(
      'GET /demo/%ff HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nConnection: close\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\n\r\nThe request is malformed/)
  })

  it('answers requests without Host with 400', async () => {
    expect(await exchange('GET /demo HTTP/1.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /)
  })

  it("answers what Node's parser refuses with 4xx and the security headers", async () => {
    const badHeader = await exchange('GET /demo HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n')
    expect(badHeader).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\nX-Content-Type-Options: nosniff\r\n/)
    const tooLong = await exchange(`GET /demo HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(tooLong).toMatch(/^HTTP\/1\.1 431 [\s\S]*\r\nContent-Security-Policy: /)
  })

  it('passes a sound request on', async () => {
    expect(await exchange('GET /demo?x=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 [\s\S]*ok$/,
    )
  })
})
