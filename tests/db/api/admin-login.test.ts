import { randomBytes } from 'node:crypto'
import { adminLoginTokenResponseSchema, userSchema } from '@/lib/contracts/account'
import { operatorCall, registerAccount, releaseRegisteredAccounts } from '../support/accounts'
import { call, expectError, login } from '../support/http'
import { uniqueTestEmail } from '../support/mailbox'
import { BASE_URL, TEST_OPERATOR_API_KEY } from '../support/test-server'

// Support sessions: the operator (support tools, OPERATOR_API_KEY) asks for a single-use admin login
// token (POST operator/adminLoginToken, audited), and POST account/adminLogin opens a session marked
// admin with it.

const ADMIN_LOGIN = '/api/v1/demo/account/adminLogin'
const USER = '/api/v1/demo/account/user'

afterAll(releaseRegisteredAccounts)

async function issue(email: string, tenant = 'demo') {
  const response = await operatorCall(tenant, 'adminLoginToken', {
    Email: email,
    Grund: 'Kundenanruf: Hilfe bei der Empfehlung',
    Bearbeiter: 'jest',
  })
  expect(response.status).toBe(200)
  return adminLoginTokenResponseSchema.parse(response.json)
}

describe('POST /api/v1/{tenant}/operator/adminLoginToken', () => {
  it('answers a single-use token, the portal link that uses it and its expiry in 15 minutes', async () => {
    const account = await registerAccount('demo', { label: 'admin' })
    const before = Date.now()
    const response = await operatorCall('demo', 'adminLoginToken', {
      Email: account.email.toUpperCase(),
      Grund: 'Kundenanruf',
      Bearbeiter: 'jest',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const issued = adminLoginTokenResponseSchema.parse(response.json)
    expect(Object.keys(response.json as object).sort()).toEqual(['GueltigBis', 'Token', 'Url'])
    expect(issued.Url).toBe(`${BASE_URL}/demo/login/${issued.Token}`)
    const lifetime = Date.parse(issued.GueltigBis) - before
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000 + 5000)
    // A new token replaces the one before.
    const second = await issue(account.email)
    expect(second.Token).not.toBe(issued.Token)
    expectError(await call(ADMIN_LOGIN, { method: 'POST', body: { Token: issued.Token } }), 410, 'Abgelaufen')
    expect((await call(ADMIN_LOGIN, { method: 'POST', body: { Token: second.Token } })).status).toBe(200)
  })

  it.each([
    ['no key', {}],
    ['a wrong key', { token: 'f'.repeat(64) }],
    ['the key with one character changed', { token: `x${TEST_OPERATOR_API_KEY.slice(1)}` }],
    ['the key with a character more', { token: `${TEST_OPERATOR_API_KEY}0` }],
    ['an empty bearer', { token: '' }],
  ])('refuses %s with 401 PSOF0204', async (_label, options) => {
    const account = await registerAccount('demo', { label: 'ohne-schluessel' })
    const response = await call('/api/v1/demo/operator/adminLoginToken', {
      method: 'POST',
      body: { Email: account.email, Grund: 'Kundenanruf', Bearbeiter: 'jest' },
      ...options,
    })
    expectError(response, 401, 'PSOF0204')
  })

  it('refuses a referrer token and a support session token as operator key', async () => {
    const account = await registerAccount('demo', { label: 'kein-schluessel' })
    const admin = await call(ADMIN_LOGIN, {
      method: 'POST',
      body: { Token: (await issue(account.email)).Token },
    })
    for (const token of [account.user.token, userSchema.parse(admin.json).token]) {
      expectError(
        await operatorCall(
          'demo',
          'adminLoginToken',
          { Email: account.email, Grund: 'x'.repeat(5), Bearbeiter: 'j' },
          { token },
        ),
        401,
        'PSOF0204',
      )
    }
  })

  it('answers an unknown e-mail, and one registered on another tenant only, with 404 NichtRegistriert', async () => {
    const account = await registerAccount('demo', { label: 'unbekannt' })
    for (const [tenant, email] of [
      ['demo', uniqueTestEmail('niemand')],
      ['demo-closed', account.email],
    ] as const) {
      expectError(
        await operatorCall(tenant, 'adminLoginToken', {
          Email: email,
          Grund: 'Kundenanruf',
          Bearbeiter: 'jest',
        }),
        404,
        'NichtRegistriert',
      )
    }
  })

  it.each([
    ['a reason shorter than 3 characters', { Grund: 'ab' }, 'UngueltigeEingabe'],
    ['no reason', { Grund: undefined }, 'UngueltigeEingabe'],
    ['no Bearbeiter', { Bearbeiter: '  ' }, 'UngueltigeEingabe'],
    ['an invalid e-mail', { Email: 'kein-at-zeichen' }, 'EmailUngueltig'],
  ] as const)('refuses %s with 400 %s', async (_label, change, code) => {
    const body = { Email: 'jest@example.org', Grund: 'Kundenanruf', Bearbeiter: 'jest', ...change }
    expectError(await operatorCall('demo', 'adminLoginToken', body), 400, code)
  })

  it('demands X-Requested-With and answers GET with 405', async () => {
    expectError(
      await call('/api/v1/demo/operator/adminLoginToken', {
        method: 'POST',
        withoutRequestedWith: true,
        body: { Email: 'jest@example.org', Grund: 'Kundenanruf', Bearbeiter: 'jest' },
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(await call('/api/v1/demo/operator/adminLoginToken'), 405, 'MethodeNichtErlaubt')
  })
})

describe('POST /api/v1/{tenant}/account/adminLogin', () => {
  it('opens a support session (admin:true) once; the token then answers TokenBereitsVerwendet', async () => {
    const account = await registerAccount('demo', { label: 'sitzung' })
    const { Token } = await issue(account.email)
    const response = await call(ADMIN_LOGIN, { method: 'POST', body: { Token } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const user = userSchema.parse(response.json)
    expect(user).toMatchObject({ email: account.email, username: account.email, admin: true })
    const me = await call(USER, { token: user.token })
    expect(me.status).toBe(200)
    expect(userSchema.parse(me.json)).toMatchObject({ email: account.email, admin: true })

    expectError(await call(ADMIN_LOGIN, { method: 'POST', body: { Token } }), 409, 'TokenBereitsVerwendet')
    // The referrer's own sessions stay unmarked and untouched.
    expect(userSchema.parse((await call(USER, { token: account.user.token })).json).admin).toBeUndefined()
    expect((await login('demo', account)).admin).toBeUndefined()
  })

  it('refuses a token issued on demo on demo-closed, which leaves it usable on demo', async () => {
    const account = await registerAccount('demo', { label: 'mandant' })
    const { Token } = await issue(account.email)
    expectError(
      await call('/api/v1/demo-closed/account/adminLogin', { method: 'POST', body: { Token } }),
      410,
      'Abgelaufen',
    )
    const response = await call(ADMIN_LOGIN, { method: 'POST', body: { Token } })
    expect(userSchema.parse(response.json)).toMatchObject({ email: account.email, admin: true })
    // A support session of demo is no session of demo-closed.
    expectError(
      await call('/api/v1/demo-closed/account/user', { token: userSchema.parse(response.json).token }),
      401,
      'PSOF0204',
    )
  })

  it('is no one-time login link and a login link is no admin token', async () => {
    const account = await registerAccount('demo', { label: 'zweck' })
    const { Token } = await issue(account.email)
    expectError(await call(`/api/v1/demo/account/login?token=${Token}`), 410, 'Abgelaufen')
    expectError(
      await call('/api/v1/demo/account/resetPassword', {
        method: 'PUT',
        body: { Token, Password: 'Neues-Passw0rt' },
      }),
      410,
      'Abgelaufen',
    )
    expect((await call(ADMIN_LOGIN, { method: 'POST', body: { Token } })).status).toBe(200)
  })

  it('answers a token never issued with 410 Abgelaufen and malformed input with 400', async () => {
    expectError(
      await call(ADMIN_LOGIN, { method: 'POST', body: { Token: randomBytes(32).toString('base64url') } }),
      410,
      'Abgelaufen',
    )
    for (const body of [{}, { Token: 'kurz' }, { Token: ['x'] }, undefined]) {
      expectError(await call(ADMIN_LOGIN, { method: 'POST', body }), 400, 'UngueltigeEingabe')
    }
  })

  it('ends with the referrer’s lock, like every other session', async () => {
    const account = await registerAccount('demo', { label: 'gesperrt' })
    const admin = userSchema.parse(
      (await call(ADMIN_LOGIN, { method: 'POST', body: { Token: (await issue(account.email)).Token } })).json,
    )
    await operatorCall('demo', 'kontosperre', { Email: account.email, Gesperrt: true, Bearbeiter: 'jest' })
    expectError(await call(USER, { token: admin.token }), 401, 'PSOF0204')
    expectError(
      await call(ADMIN_LOGIN, { method: 'POST', body: { Token: (await issue(account.email)).Token } }),
      403,
      'KontoGesperrtEinzel',
    )
  })

  it('demands X-Requested-With and answers GET with 405', async () => {
    expectError(
      await call(ADMIN_LOGIN, {
        method: 'POST',
        withoutRequestedWith: true,
        body: { Token: randomBytes(32).toString('base64url') },
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(await call(ADMIN_LOGIN), 405, 'MethodeNichtErlaubt')
  })
})
