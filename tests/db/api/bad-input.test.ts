import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { ownAccountForFile } from '../support/accounts'
import { call, expectError, login, uniqueClientIp, type ApiResponse } from '../support/http'
import { BASE_URL, TEST_OPERATOR_API_KEY } from '../support/test-server'

// No input ever yields a 500 (QUALITY §Security 4): odd bodies, sizes, types and paths are answered with
// the catalogue envelope.

const account = ownAccountForFile('demo')

const deeplyNested = `${'['.repeat(20_000)}${']'.repeat(20_000)}`

// Rows always have three values: Jest would hand a shorter row's test its `done` callback instead.
const BAD_BODIES: [label: string, body: string, contentType: string][] = [
  ['an empty body', '', 'application/json'],
  ['whitespace', '   \n', 'application/json'],
  ['not JSON', 'Email=anna&Password=x', 'application/x-www-form-urlencoded'],
  ['broken JSON', '{"Email":', 'application/json'],
  ['a JSON array', '[]', 'application/json'],
  ['an array of objects', '[{"Email":"a@b.example","Password":"x"}]', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['a JSON string', '"text"', 'application/json'],
  ['a JSON number', '42', 'application/json'],
  ['JSON true', 'true', 'application/json'],
  ['deeply nested arrays', deeplyNested, 'application/json'],
  [
    'a huge string field',
    JSON.stringify({ Email: `${'a'.repeat(60_000)}@b.example`, Password: 'x' }),
    'application/json',
  ],
  [
    'a NUL in the e-mail',
    JSON.stringify({ Email: 'anna\u0000@example.org', Password: 'x' }),
    'application/json',
  ],
  [
    'a NUL in a key',
    JSON.stringify({ 'Email\u0000': 'a@b.example', Email: 'a@b.example', Password: 'x' }),
    'application/json',
  ],
  ['a NUL in the language', JSON.stringify({ Language: 'en\u0000' }), 'application/json'],
  ['a prototype key', '{"__proto__":{"admin":true},"Email":[],"Password":"x"}', 'application/json'],
  [
    'multipart data',
    '--x\r\nContent-Disposition: form-data; name="Email"\r\n\r\na\r\n--x--',
    'multipart/form-data; boundary=x',
  ],
  ['text/plain JSON-like', '{"Language":', 'text/plain'],
]

/**
 * Sends up to `count` chunks of 8 KiB without Content-Length, a few milliseconds apart, and answers the
 * server's reply; once the reply is there (the server need not read the rest), nothing more is sent.
 */
function sendChunked(
  path: string,
  method: string,
  count: number,
  token?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false
    const request = httpRequest(`${BASE_URL}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    })
    request.on('response', (response) => {
      answered = true
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    const writeNext = (sent: number) => {
      if (answered) return
      if (sent === count) return void request.end()
      request.write('x'.repeat(8_192))
      setTimeout(() => writeNext(sent + 1), 20)
    }
    writeNext(0)
  })
}

function expectNo500(response: ApiResponse) {
  expect(response.status).toBeLessThan(500)
}

type BodyEndpoint = {
  label: string
  path: string
  method: 'POST' | 'PUT'
  auth: 'none' | 'referrer' | 'operator'
}
const BODY_ENDPOINTS: BodyEndpoint[] = [
  { label: 'POST account/login', path: '/api/v1/demo/account/login', method: 'POST', auth: 'none' },
  {
    label: 'POST account/updateLanguage',
    path: '/api/v1/demo/account/updateLanguage',
    method: 'POST',
    auth: 'referrer',
  },
  {
    label: 'POST account/createEmpfehler',
    path: '/api/v1/demo/account/createEmpfehler',
    method: 'POST',
    auth: 'none',
  },
  {
    label: 'PUT account/resetPassword',
    path: '/api/v1/demo/account/resetPassword',
    method: 'PUT',
    auth: 'none',
  },
  {
    label: 'PUT account/validateResetPassword',
    path: '/api/v1/demo/account/validateResetPassword',
    method: 'PUT',
    auth: 'none',
  },
  {
    label: 'PUT account/resetPasswordWithoutToken',
    path: '/api/v1/demo/account/resetPasswordWithoutToken',
    method: 'PUT',
    auth: 'referrer',
  },
  { label: 'POST account/adminLogin', path: '/api/v1/demo/account/adminLogin', method: 'POST', auth: 'none' },
  { label: 'POST kontakt', path: '/api/v1/demo/kontakt', method: 'POST', auth: 'none' },
  {
    label: 'PUT empfehler/newsletter/optin',
    path: '/api/v1/demo/empfehler/newsletter/optin',
    method: 'PUT',
    auth: 'none',
  },
  {
    label: 'POST operator/adminLoginToken',
    path: '/api/v1/demo/operator/adminLoginToken',
    method: 'POST',
    auth: 'operator',
  },
  {
    label: 'PUT operator/kontosperre',
    path: '/api/v1/demo/operator/kontosperre',
    method: 'PUT',
    auth: 'operator',
  },
]

/** The token an endpoint of the list is called with: a fresh referrer session, the operator key or none. */
async function tokenFor(auth: BodyEndpoint['auth']): Promise<string | undefined> {
  if (auth === 'referrer') return (await login('demo', account)).token
  return auth === 'operator' ? TEST_OPERATOR_API_KEY : undefined
}

describe.each(BODY_ENDPOINTS)('$label', ({ path, method, auth }) => {
  it.each(BAD_BODIES)(
    'answers %s with 400 UngueltigeEingabe, never a 500',
    async (_label, body, contentType) => {
      const token = await tokenFor(auth)
      const response = await call(path, {
        method,
        body,
        token,
        headers: { 'Content-Type': contentType },
      })
      expectNo500(response)
      expectError(response, 400, 'UngueltigeEingabe')
    },
  )

  it('answers a body above 64 KiB with 413 ZuGross, with or without a declared length', async () => {
    const token = await tokenFor(auth)
    const oversize = JSON.stringify({ Email: 'a@b.example', Password: 'x', Pad: 'p'.repeat(70_000) })
    expectError(await call(path, { method, body: oversize, token }), 413, 'ZuGross')
    // Streamed in chunks without Content-Length: reading stops at the limit all the same.
    const streamed = await sendChunked(path, method, 20, token)
    expect(streamed.status).toBe(413)
    expect(JSON.parse(streamed.text)).toMatchObject({ Code: 'ZuGross' })
  })
})

describe('odd characters in a well-formed login', () => {
  it('treats a NUL byte (PostgreSQL cannot store it) as invalid input, not as a database error', async () => {
    const response = await call('/api/v1/demo/account/login', {
      method: 'POST',
      body: { Email: 'anna.beispiel\u0000@example.org', Password: 'Empfehlen2026' },
    })
    expectError(response, 400, 'UngueltigeEingabe')
  })

  it('treats a lone surrogate (half a character) as invalid input, and other scripts like any unknown e-mail', async () => {
    // Unique per run and from an address of the test's own: each failure counts for the e-mail and the
    // address, and fixed values would reach the captcha after a few runs on a shared PostgreSQL.
    const run = randomUUID().slice(0, 8)
    const lone = await call('/api/v1/demo/account/login', {
      method: 'POST',
      headers: uniqueClientIp(),
      body: { Email: `\ud800${run}@b.example`, Password: 'x' },
    })
    expectError(lone, 400, 'UngueltigeEingabe')
    for (const email of [`änna${run}@bëispiel.example`, `名前${run}@例え.example`]) {
      const response = await call('/api/v1/demo/account/login', {
        method: 'POST',
        headers: uniqueClientIp(),
        body: { Email: email, Password: 'x' },
      })
      expectError(response, 401, 'PasswortOderEmailFalsch')
    }
  })
})

describe('headers', () => {
  it('ignores an overlong or odd language header', async () => {
    for (const locale of ['x'.repeat(4_000), 'en;q=abc', '*', ',,,']) {
      const response = await call('/api/v1/gibt-es-nicht/route/default', { locale })
      expectNo500(response)
      expect((response.json as { Code: string }).Code).toBe('MandantUnbekannt')
    }
  })

  it('ignores unknown query parameters on reads', async () => {
    const response = await call('/api/v1/demo/produktkategorie?x=1&y[]=1&__proto__[a]=1')
    expect(response.status).toBe(200)
    // NUL is refused in any address, known parameter or not (server.mjs, lib/edge/request-shape.mjs).
    expectError(await call('/api/v1/demo/produktkategorie?x=%00'), 400, 'AnfrageUngueltig')
  })
})

describe('unknown tenants and paths', () => {
  it.each([
    ['GET', '/api/v1/gibt-es-nicht/account/user'],
    ['GET', '/api/v1/gibt-es-nicht/nichts'],
    ['POST', '/api/v1/gibt-es-nicht/account/login'],
    ['POST', '/api/v1/gibt-es-nicht/account/logout'],
    ['GET', '/api/v1/mandant/demo/zu-viel'],
  ] as const)('%s %s answers 404 MandantUnbekannt', async (method, path) => {
    expectError(
      await call(path, { method, body: method === 'POST' ? {} : undefined }),
      404,
      'MandantUnbekannt',
    )
  })

  it.each([
    ['GET', '/api/v1/demo/nichts'],
    ['GET', '/api/v1/demo/account/nichts'],
    ['GET', '/api/v1/demo/produktkategorie/1/grafik/zu-viel'],
    ['POST', '/api/v1/demo/Empfehlen/create/zu/viel'],
    ['PUT', '/api/v1/demo/empfehler/nichts'],
    ['DELETE', '/api/v1/demo/empfehler/nichts'],
    ['PATCH', '/api/v1/demo/nichts'],
    ['GET', '/api/v1/demo'],
  ] as const)('%s %s answers 404 NichtGefunden', async (method, path) => {
    expectError(await call(path, { method, body: method === 'GET' ? undefined : {} }), 404, 'NichtGefunden')
  })

  it.each([
    ['GET', '/api/v1/demo/account/logout'],
    ['DELETE', '/api/v1/demo/account/user'],
    ['PUT', '/api/v1/demo/account/updateLanguage'],
    ['POST', '/api/v1/demo/route/default'],
    ['PATCH', '/api/v1/demo/produktkategorie'],
    ['POST', '/api/v1/mandant/demo'],
  ] as const)('%s %s answers 405 MethodeNichtErlaubt in the envelope', async (method, path) => {
    expectError(
      await call(path, { method, body: method === 'GET' ? undefined : {} }),
      405,
      'MethodeNichtErlaubt',
    )
  })

  it('answers NichtGefunden in English for X-Accept-Language: en', async () => {
    expectError(await call('/api/v1/demo/nichts', { locale: 'en' }), 404, 'NichtGefunden', 'en')
  })

  it('demands X-Requested-With before it looks for a path', async () => {
    expectError(
      await call('/api/v1/demo/nichts', { method: 'POST', withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
  })
})
