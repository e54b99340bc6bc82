import { createHmac } from 'node:crypto'
import { issueToken, REFERRER_TOKEN_SECONDS, type TokenClaims } from '@/lib/engine/auth/token'
import { ownAccountForFile } from '../support/accounts'
import { call, claimsOf, DEMO_CREDENTIALS, expectError, login, type CallOptions } from '../support/http'

// Every call that needs a referrer token refuses missing, malformed, expired, foreign-signed and
// other-tenant tokens with 401 PSOF0204 (QUALITY §Security 1, 2), also when the request tries the
// middleware-bypass header or a path variant.

const SUBREQUEST = { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }

type Endpoint = { label: string; path: string; options: CallOptions }
const ENDPOINTS: Endpoint[] = [
  { label: 'GET account/user', path: '/api/v1/demo/account/user', options: {} },
  {
    label: 'POST account/updateLanguage',
    path: '/api/v1/demo/account/updateLanguage',
    options: { method: 'POST', body: { Language: 'en' } },
  },
  { label: 'POST account/logout', path: '/api/v1/demo/account/logout', options: { method: 'POST' } },
  {
    label: 'PUT account/resetPasswordWithoutToken',
    path: '/api/v1/demo/account/resetPasswordWithoutToken',
    // A wrong current password: even a wrongly accepted token could not change anything.
    options: { method: 'PUT', body: { OldPassword: 'Jest-Alt-2026', Password: 'Jest-Neu-2026' } },
  },
  {
    label: 'PUT empfehler/setNewsletterOptin',
    path: '/api/v1/demo/empfehler/setNewsletterOptin',
    options: { method: 'PUT' },
  },
  { label: 'DELETE empfehler/delete', path: '/api/v1/demo/empfehler/delete', options: { method: 'DELETE' } },
]

const account = ownAccountForFile('demo')
/** Claims of a real session of the account: minted variants differ from a valid token in one way only. */
let claims: Omit<TokenClaims, 'iat' | 'exp'>
let otherTenantToken: string

const b64 = (value: string) => Buffer.from(value).toString('base64url')

function signWith(secret: string, payload: object): string {
  const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = b64(JSON.stringify(payload))
  return `${header}.${body}.${createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')}`
}

beforeAll(async () => {
  const { ten, sub, role, sv } = claimsOf((await login('demo', account)).token)
  claims = { ten, sub, role: role as TokenClaims['role'], sv }
  otherTenantToken = (await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])).token
})

describe('a token minted by the test with the server secret', () => {
  it('is accepted when nothing is wrong with it (so the refusals below are meaningful)', async () => {
    const response = await call('/api/v1/demo/account/user', { token: issueToken(claims) })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ email: account.email })
  })
})

describe.each(ENDPOINTS)('$label', ({ path, options }) => {
  const expired = () =>
    issueToken(claims, { clock: () => new Date(Date.now() - (REFERRER_TOKEN_SECONDS + 60) * 1000) })
  const now = () => Math.floor(Date.now() / 1000)

  it.each([
    ['no token', () => undefined],
    ['an empty bearer', () => ''],
    ['a garbage token', () => 'garbage'],
    ['a three-part garbage token', () => 'a.b.c'],
    ['an overlong token', () => 'x'.repeat(8_000)],
    ['an expired token', expired],
    [
      'a token signed with another secret',
      () => signWith('f'.repeat(64), { ...claims, iat: now(), exp: now() + 600 }),
    ],
    [
      'an unsigned token',
      () =>
        `${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64(JSON.stringify({ ...claims, iat: now(), exp: now() + 600 }))}.`,
    ],
    ['a token of the other demo tenant', () => otherTenantToken],
    [
      'a token naming the other tenant for this referrer',
      () => issueToken({ ...claims, ten: 'demo-closed' }),
    ],
    ['a token of an older session version', () => issueToken({ ...claims, sv: (claims.sv ?? 1) - 1 })],
    [
      'a token of an unknown referrer',
      () => issueToken({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ],
  ])('refuses %s with 401 PSOF0204', async (_label, token) => {
    expectError(await call(path, { ...options, token: token() }), 401, 'PSOF0204')
  })

  it('refuses a token of another role with 403 NichtAuthorisiert', async () => {
    expectError(
      await call(path, { ...options, token: issueToken({ ...claims, role: 'agency' }) }),
      403,
      'NichtAuthorisiert',
    )
  })

  it('refuses a non-bearer Authorization header', async () => {
    const response = await call(path, {
      ...options,
      headers: { Authorization: `Basic ${b64(`${account.email}:${account.password}`)}` },
    })
    expectError(response, 401, 'PSOF0204')
  })

  it('refuses the middleware-bypass header without a token', async () => {
    expectError(await call(path, { ...options, headers: SUBREQUEST }), 401, 'PSOF0204')
    expectError(
      await call(path, {
        ...options,
        headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
      }),
      401,
      'PSOF0204',
    )
  })

  it('refuses the other tenant’s token in English too', async () => {
    expectError(
      await call(path, { ...options, token: otherTenantToken, locale: 'en' }),
      401,
      'PSOF0204',
      'en',
    )
  })
})

describe('path variants of GET account/user without a token', () => {
  it('refuses an upper-case tenant as unknown', async () => {
    expectError(await call('/api/v1/DEMO/account/user', { headers: SUBREQUEST }), 404, 'MandantUnbekannt')
  })

  it('refuses a percent-encoded tenant', async () => {
    expectError(await call('/api/v1/%64emo/account/user', { headers: SUBREQUEST }), 401, 'PSOF0204')
  })

  it('redirects a trailing slash to the same refusal', async () => {
    const redirect = await call('/api/v1/demo/account/user/', { headers: SUBREQUEST })
    expect(redirect.status).toBe(308)
    expect(redirect.headers.get('location')).toBe('/api/v1/demo/account/user')
    expectError(
      await call('/api/v1/demo/account/user/', { headers: SUBREQUEST, redirect: 'follow' }),
      401,
      'PSOF0204',
    )
  })

  it('never answers a User to a variant', async () => {
    for (const path of [
      '/api/v1/demo//account/user',
      '/api/v1/demo/account/./user',
      '/api/v1/demo/Account/User',
      '/api/v1/demo/account/user;x',
    ]) {
      const response = await call(path, { headers: SUBREQUEST, redirect: 'follow' })
      expect([401, 404]).toContain(response.status)
      expect(response.text).not.toContain(account.email)
    }
  })
})

describe('the portal behind the proxy', () => {
  it.each([{}, SUBREQUEST])(
    'sends a visitor of the personal area to login, bypass header or not (%j)',
    async (headers) => {
      for (const cookie of [undefined, 'psoe_token=forged']) {
        const response = await call('/demo/persoenlicherbereich', {
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
        })
        expect(response.status).toBe(307)
        expect(new URL(response.headers.get('location')!, 'http://x').pathname).toBe('/demo/login')
      }
    },
  )
})
