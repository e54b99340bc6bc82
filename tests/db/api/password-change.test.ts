import { randomBytes } from 'node:crypto'
import { userSchema } from '@/lib/contracts/account'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  portalPath,
  registerAccount,
  supportSessionToken,
} from '../support/accounts'
import { call, expectError, login, uniqueClientIp } from '../support/http'
import { linkFrom, mailsTo, waitForMail } from '../support/mailbox'
import { OPTIN_SUBJECT, recommendWithoutLogin } from '../support/recommendations'
import {
  USER,
  LOGIN,
  VALIDATE,
  RESET,
  CHANGE,
  NEW_PASSWORD,
  resetMailOf,
  tryLogin,
} from './password-fixtures'

describe('PUT /api/v1/{tenant}/account/resetPassword', () => {
  it('sets the new password and logs in; old sessions, the old password and the link stop working', async () => {
    const account = await registerAccount('demo', { label: 'neu-setzen' })
    const earlier = await login('demo', account)
    const { reset } = await resetMailOf(account)
    const response = await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const user = userSchema.parse(response.json)
    expect(user).toMatchObject({ email: account.email, vorname: 'Jest' })
    expect(user.admin).toBeUndefined()
    expect((await call(USER, { token: user.token })).json).toMatchObject({ email: account.email })

    for (const token of [earlier.token, account.user.token]) {
      expectError(await call(USER, { token }), 401, 'PSOF0204')
    }
    expectError(await tryLogin(account.email, account.password), 401, 'PasswortOderEmailFalsch')
    expect((await login('demo', { email: account.email, password: NEW_PASSWORD })).email).toBe(account.email)
    expectError(
      await call(RESET, { method: 'PUT', body: { Token: reset, Password: 'Noch-ein-Passw0rt' } }),
      409,
      'TokenBereitsVerwendet',
    )
    // The security notice of the change arrives.
    const notice = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.passwordChanged })
    expect(notice.Betreff).toBe('Sicherheitshinweis: Ihr Passwort wurde geändert')
    expect(notice.Text).not.toContain(NEW_PASSWORD)
  })

  it('makes the login link of the same mail unusable once the password is set', async () => {
    const account = await registerAccount('demo', { label: 'geschwister' })
    const { reset, login: loginToken } = await resetMailOf(account)
    expect(
      (await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })).status,
    ).toBe(200)
    expectError(await call(`${LOGIN}?token=${loginToken}`), 410, 'Abgelaufen')
  })

  it('makes a participation link mailed before unusable once the password is set (it would log in)', async () => {
    const account = await registerAccount('demo', { label: 'teilnahme-alt' })
    // Anyone can have that mail sent: a recommendation typed in for the address without login.
    const created = await recommendWithoutLogin('demo', account.email, {
      vorname: 'Jest',
      nachname: 'Fixture',
    })
    expectError(created, 409, 'OptInRequired')
    const mail = await waitForMail('demo', account.email, { subject: OPTIN_SUBJECT })
    const participation = linkFrom(mail, portalPath('demo', 'bestaetigung'))
    const { reset } = await resetMailOf(account)
    expect(
      (await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })).status,
    ).toBe(200)
    expectError(
      await call('/api/v1/demo/empfehler/teilnahme', { method: 'PUT', body: { Token: participation } }),
      410,
      'Abgelaufen',
    )
  })

  it.each([
    ['no digit', 'Kein-Passwort'],
    ['fewer than 8 characters', 'Kurz-1a'],
    ['no upper-case letter', 'klein-1234'],
    ['no lower-case letter', 'GROSS-1234'],
    ['more than 128 characters', `Aa1${'x'.repeat(126)}`],
    ['an empty password', ''],
  ])(
    'refuses a password with %s (Fields name Password) and does not use the link up',
    async (_label, password) => {
      const account = await registerAccount('demo', { label: 'schwach' })
      const { reset } = await resetMailOf(account)
      const response = await call(RESET, { method: 'PUT', body: { Token: reset, Password: password } })
      expectError(response, 400, 'UngueltigeEingabe')
      const fields = (response.json as { Fields: { Field: string }[] }).Fields
      expect(fields.length).toBeGreaterThan(0)
      expect(new Set(fields.map((f) => f.Field))).toEqual(new Set(['Password']))
      // Nothing changed: the old password logs in, the link is unused and still sets a password.
      expect((await login('demo', account)).email).toBe(account.email)
      expect((await call(VALIDATE, { method: 'PUT', body: { Token: reset } })).status).toBe(200)
      expect(
        (await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })).status,
      ).toBe(200)
    },
  )

  it('accepts a password of exactly 128 characters', async () => {
    const account = await registerAccount('demo', { label: 'lang' })
    const { reset } = await resetMailOf(account)
    const password = `Aa1${'x'.repeat(125)}`
    expect(password).toHaveLength(128)
    expect((await call(RESET, { method: 'PUT', body: { Token: reset, Password: password } })).status).toBe(
      200,
    )
    expect((await login('demo', { email: account.email, password })).email).toBe(account.email)
  })

  it('answers a token never issued, a login link and another tenant with 410 Abgelaufen', async () => {
    const account = await registerAccount('demo', { label: 'falscher-link' })
    const { reset, login: loginToken } = await resetMailOf(account)
    for (const [path, token] of [
      [RESET, randomBytes(32).toString('base64url')],
      [RESET, loginToken],
      ['/api/v1/demo-closed/account/resetPassword', reset],
    ] as const) {
      expectError(
        await call(path, { method: 'PUT', body: { Token: token, Password: NEW_PASSWORD } }),
        410,
        'Abgelaufen',
      )
    }
    expect((await login('demo', account)).email).toBe(account.email)
    expect(
      (await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })).status,
    ).toBe(200)
  })

  it('demands X-Requested-With', async () => {
    const response = await call(RESET, {
      method: 'PUT',
      withoutRequestedWith: true,
      body: { Token: randomBytes(32).toString('base64url'), Password: NEW_PASSWORD },
    })
    expectError(response, 400, 'AnfrageUnvollstaendig')
  })
})

describe('PUT /api/v1/{tenant}/account/resetPasswordWithoutToken', () => {
  it('changes the password: a new token works, the old one is refused, a notice is mailed', async () => {
    const account = await registerAccount('demo', { label: 'aendern' })
    const other = await login('demo', account)
    const { reset, login: loginToken } = await resetMailOf(account)
    const response = await call(CHANGE, {
      method: 'PUT',
      token: account.user.token,
      body: { OldPassword: account.password, Password: NEW_PASSWORD },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const user = userSchema.parse(response.json)
    expect(user.email).toBe(account.email)
    expect(user.token).not.toBe(account.user.token)
    expect((await call(USER, { token: user.token })).json).toMatchObject({ email: account.email })
    for (const token of [account.user.token, other.token]) {
      expectError(await call(USER, { token }), 401, 'PSOF0204')
    }
    expectError(await tryLogin(account.email, account.password), 401, 'PasswortOderEmailFalsch')
    expect((await login('demo', { email: account.email, password: NEW_PASSWORD })).email).toBe(account.email)
    await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.passwordChanged })
    // Links mailed before the change no longer set a password or log in.
    expectError(await call(VALIDATE, { method: 'PUT', body: { Token: reset } }), 410, 'Abgelaufen')
    expectError(await call(`${LOGIN}?token=${loginToken}`), 410, 'Abgelaufen')
  })

  it('refuses a wrong current password with 400 PasswortFalsch and keeps session and password', async () => {
    const account = await registerAccount('demo', { label: 'falsch-alt' })
    const response = await call(CHANGE, {
      method: 'PUT',
      token: account.user.token,
      headers: uniqueClientIp(),
      body: { OldPassword: 'Falsch-Passw0rt', Password: NEW_PASSWORD },
    })
    expectError(response, 400, 'PasswortFalsch')
    expectError(
      await call(CHANGE, {
        method: 'PUT',
        token: account.user.token,
        headers: uniqueClientIp(),
        locale: 'en',
        body: { OldPassword: 'Falsch-Passw0rt', Password: NEW_PASSWORD },
      }),
      400,
      'PasswortFalsch',
      'en',
    )
    expect((await call(USER, { token: account.user.token })).status).toBe(200)
    expect((await login('demo', account)).email).toBe(account.email)
    await mailBarrier('demo')
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })

  it.each([
    ['a weak new password', { Password: 'schwach' }],
    ['a missing new password', { Password: undefined }],
    ['a missing current password', { OldPassword: undefined }],
    ['a numeric current password', { OldPassword: 12345678 }],
  ])('refuses %s with 400 UngueltigeEingabe and changes nothing', async (_label, change) => {
    const account = await registerAccount('demo', { label: 'ungueltig' })
    const response = await call(CHANGE, {
      method: 'PUT',
      token: account.user.token,
      body: { OldPassword: account.password, Password: NEW_PASSWORD, ...change },
    })
    expectError(response, 400, 'UngueltigeEingabe')
    expect((await call(USER, { token: account.user.token })).status).toBe(200)
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it('refuses a support (admin) session with 403 NichtAuthorisiert', async () => {
    const account = await registerAccount('demo', { label: 'support' })
    const adminToken = await supportSessionToken('demo', account.email, 'Passwortänderung im Auftrag')
    expectError(
      await call(CHANGE, {
        method: 'PUT',
        token: adminToken,
        body: { OldPassword: account.password, Password: NEW_PASSWORD },
      }),
      403,
      'NichtAuthorisiert',
    )
    expect((await login('demo', account)).email).toBe(account.email)
    expect((await call(USER, { token: adminToken })).status).toBe(200)
  })

  it('demands X-Requested-With and refuses a foreign origin', async () => {
    const account = await registerAccount('demo', { label: 'herkunft' })
    const body = { OldPassword: account.password, Password: NEW_PASSWORD }
    expectError(
      await call(CHANGE, { method: 'PUT', token: account.user.token, body, withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(
      await call(CHANGE, {
        method: 'PUT',
        token: account.user.token,
        body,
        headers: { Origin: 'https://evil.example' },
      }),
      403,
      'NichtAuthorisiert',
    )
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it.each(['GET', 'POST', 'DELETE'] as const)('answers %s with 405 MethodeNichtErlaubt', async (method) => {
    expectError(
      await call(CHANGE, { method, body: method === 'GET' ? undefined : {} }),
      405,
      'MethodeNichtErlaubt',
    )
  })
})
