import { createHmac } from 'node:crypto'
import { resetEnvForTests } from '@/lib/shared/env'
import { issueToken, readToken, REFERRER_TOKEN_SECONDS } from './token'

const SECRET = 'a'.repeat(64)
const OTHER_SECRET = 'b'.repeat(64)
const CLAIMS = { ten: 'demo', sub: '5b0c1f52-0000-4000-8000-000000000001', role: 'referrer', sv: 3 } as const
const T0 = new Date('2026-03-01T10:00:00Z')
const at = (date: Date) => () => date
const later = (seconds: number) => at(new Date(T0.getTime() + seconds * 1000))

const b64 = (value: string) => Buffer.from(value).toString('base64url')
const HS256_HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

/** Signs any header and payload text with a secret, as an attacker or a buggy issuer might. */
function signRaw(header: string, payload: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')
  return `${header}.${payload}.${signature}`
}

function useSecret(secret: string) {
  process.env.API_TOKEN_SECRET = secret
  resetEnvForTests()
}

beforeEach(() => useSecret(SECRET))
afterAll(() => {
  delete process.env.API_TOKEN_SECRET
  resetEnvForTests()
})

describe('issueToken and readToken', () => {
  it('round-trip the claims with issue time and expiry', () => {
    const token = issueToken(CLAIMS, { clock: at(T0) })
    expect(token.split('.')).toHaveLength(3)
    expect(readToken(token, later(60))).toEqual({
      ...CLAIMS,
      iat: T0.getTime() / 1000,
      exp: T0.getTime() / 1000 + REFERRER_TOKEN_SECONDS,
    })
  })

  it('honours a custom lifetime', () => {
    const token = issueToken(CLAIMS, { clock: at(T0), lifetimeSeconds: 300 })
    expect(readToken(token, later(299))).not.toBeNull()
    expect(readToken(token, later(300))).toBeNull()
  })

  it('refuses an expired token (injected clock)', () => {
    const token = issueToken(CLAIMS, { clock: at(T0) })
    expect(readToken(token, later(REFERRER_TOKEN_SECONDS - 1))).not.toBeNull()
    expect(readToken(token, later(REFERRER_TOKEN_SECONDS))).toBeNull()
    expect(readToken(token, later(REFERRER_TOKEN_SECONDS + 3600))).toBeNull()
  })

  it('refuses a tampered signature', () => {
    const token = issueToken(CLAIMS, { clock: at(T0) })
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`
    expect(readToken(`${header}.${payload}.${flipped}`, later(1))).toBeNull()
    expect(readToken(`${header}.${payload}.`, later(1))).toBeNull()
    expect(readToken(`${header}.${payload}.${signature}AA`, later(1))).toBeNull()
  })

  it('refuses a tampered payload (another tenant, subject or role)', () => {
    const token = issueToken(CLAIMS, { clock: at(T0) })
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    for (const change of [
      { ten: 'demo-closed' },
      { sub: 'someone-else' },
      { role: 'operator' },
      { exp: 9_999_999_999 },
    ]) {
      expect(
        readToken(`${header}.${b64(JSON.stringify({ ...claims, ...change }))}.${signature}`, later(1)),
      ).toBeNull()
    }
  })

  it('refuses a token signed with another secret', () => {
    useSecret(OTHER_SECRET)
    const foreign = issueToken(CLAIMS, { clock: at(T0) })
    useSecret(SECRET)
    expect(readToken(foreign, later(1))).toBeNull()
    expect(readToken(issueToken(CLAIMS, { clock: at(T0) }), later(1))).not.toBeNull()
  })

  it('refuses any other header, even when the signature matches', () => {
    const payload = b64(
      JSON.stringify({ ...CLAIMS, iat: T0.getTime() / 1000, exp: T0.getTime() / 1000 + 60 }),
    )
    expect(readToken(signRaw(HS256_HEADER, payload), later(1))).not.toBeNull()
    for (const header of [
      { alg: 'none', typ: 'JWT' },
      { alg: 'HS512', typ: 'JWT' },
      { typ: 'JWT', alg: 'HS256' },
      { alg: 'HS256' },
    ]) {
      expect(readToken(signRaw(b64(JSON.stringify(header)), payload), later(1))).toBeNull()
    }
    expect(readToken(`${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`, later(1))).toBeNull()
  })

  it('refuses well-signed payloads that are not valid claims', () => {
    const now = T0.getTime() / 1000
    for (const payload of [
      'not-json',
      b64('not json'),
      b64('null'),
      b64(JSON.stringify({ ten: 'demo', sub: 'x', iat: now, exp: now + 60 })),
      b64(JSON.stringify({ ...CLAIMS, role: 'admin', iat: now, exp: now + 60 })),
      b64(JSON.stringify({ ...CLAIMS, iat: now, exp: String(now + 60) })),
    ]) {
      expect(readToken(signRaw(HS256_HEADER, payload), later(1))).toBeNull()
    }
  })

  it('refuses malformed strings', () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.b.c',
      'a.b.c.d',
      '...',
      `${HS256_HEADER}..`,
      'x'.repeat(10_000),
    ]) {
      expect(readToken(token, later(1))).toBeNull()
    }
  })
})
