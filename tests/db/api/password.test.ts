import { randomBytes } from 'node:crypto'
import { validateResetPasswordResponseSchema } from '@/lib/contracts/account'
import { MAIL_SUBJECTS, mailBarrier, registerAccount } from '../support/accounts'
import { call, expectError, login } from '../support/http'
import { linkFrom, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { VALIDATE, RESET, NEW_PASSWORD, requestReset, resetMailOf } from './password-fixtures'

describe('GET /api/v1/{tenant}/account/resetPassword/{email}', () => {
  it('mails a link to set a password and a one-time login link to a registered e-mail', async () => {
    const account = await registerAccount('demo', { label: 'vergessen' })
    const { mail, reset, login: loginToken } = await resetMailOf(account)
    expect(mail).toMatchObject({ Mandant: 'demo', An: account.email })
    expect(mail.Betreff).toBe('Neues Passwort für Ihr Konto im Lumenta Freunde-Bonus')
    expect(reset).not.toBe(loginToken)
    // Asking for a reset changes nothing yet: the password still logs in.
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it('mails once however many parallel requests ask within the minute (limits counted atomically)', async () => {
    const account = await registerAccount('demo', { label: 'flut-parallel' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestReset(account.email)))
    for (const answer of answers) expect(answer.json).toEqual({ ok: true })
    await mailBarrier('demo')
    const resetMails = (await mailsTo('demo', account.email)).filter((m) =>
      MAIL_SUBJECTS.resetPassword.test(m.Betreff),
    )
    expect(resetMails).toHaveLength(1)
  })

  it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
    const account = await registerAccount('demo', { label: 'bekannt' })
    const unknown = uniqueTestEmail('unbekannt')
    const known = await requestReset(account.email)
    const notKnown = await requestReset(unknown)
    expect(notKnown.status).toBe(known.status)
    expect(notKnown.text).toBe(known.text)
    expect(notKnown.headers.get('content-type')).toBe(known.headers.get('content-type'))
    await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
    await mailBarrier('demo')
    expect(await mailsTo('demo', unknown)).toEqual([])
  })

  it('finds the account whatever the case of the e-mail in the path', async () => {
    const account = await registerAccount('demo', { label: 'grossklein' })
    expect((await requestReset(account.email.toUpperCase())).json).toEqual({ ok: true })
    await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
  })

  it('refuses a call without X-Requested-With and mails nothing', async () => {
    const account = await registerAccount('demo', { label: 'ohne-header' })
    expectError(
      await requestReset(account.email, { withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    await mailBarrier('demo')
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })

  it('refuses an invalid e-mail with EmailUngueltig and an employee e-mail silently', async () => {
    expectError(await requestReset('kein-at-zeichen'), 400, 'EmailUngueltig')
    expect((await requestReset('jest@lumenta.example')).json).toEqual({ ok: true })
  })

  it('answers PUT without a token path and POST with 405 MethodeNichtErlaubt', async () => {
    expectError(
      await requestReset('jest@example.org', { method: 'POST', body: {} }),
      405,
      'MethodeNichtErlaubt',
    )
    expectError(await call(RESET, { method: 'POST', body: {} }), 405, 'MethodeNichtErlaubt')
    expectError(await call(RESET), 405, 'MethodeNichtErlaubt')
  })
})

describe('GET /api/v1/{tenant}/account/resetPassword/{email}?zweck=anmeldung', () => {
  it('mails only a one-time login link that logs in once (SPEC §1: the personal area by e-mail link)', async () => {
    const account = await registerAccount('demo', { label: 'anmeldelink' })
    const answer = await requestReset(account.email, {}, '?zweck=anmeldung')
    expect({ status: answer.status, body: answer.json }).toEqual({ status: 200, body: { ok: true } })
    const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.loginLink })
    expect(mail.Betreff).toBe('Ihr Anmeldelink für den Lumenta Freunde-Bonus')
    expect(mail.Text).not.toContain('/demo/passwortsetzen')
    const token = linkFrom(mail, '/demo/login')
    const user = await call(`/api/v1/demo/account/login?token=${token}`)
    expect(user.status).toBe(200)
    expect((user.json as { email: string }).email).toBe(account.email)
    expectError(await call(`/api/v1/demo/account/login?token=${token}`), 409, 'TokenBereitsVerwendet')
  })

  it('answers an unknown e-mail like a known one, shares the one-a-minute pause with the password mail', async () => {
    const account = await registerAccount('demo', { label: 'anmeldelink-pause' })
    const unknown = uniqueTestEmail('anmeldelink-unbekannt')
    const known = await requestReset(account.email, {}, '?zweck=anmeldung')
    const notKnown = await requestReset(unknown, {}, '?zweck=anmeldung')
    expect(notKnown.text).toBe(known.text)
    expect((await requestReset(account.email)).json).toEqual({ ok: true })
    await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.loginLink })
    await mailBarrier('demo')
    const subjects = (await mailsTo('demo', account.email)).map((m) => m.Betreff)
    expect(subjects.filter((s) => MAIL_SUBJECTS.resetPassword.test(s))).toEqual([])
    expect(await mailsTo('demo', unknown)).toEqual([])
  })

  it('refuses an unknown purpose with 400 and mails nothing', async () => {
    const account = await registerAccount('demo', { label: 'anmeldelink-falsch' })
    expectError(await requestReset(account.email, {}, '?zweck=alles'), 400, 'UngueltigeEingabe')
    await mailBarrier('demo')
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })
})

describe('PUT /api/v1/{tenant}/account/validateResetPassword', () => {
  it('answers e-mail, purpose and expiry of a reset link without using it', async () => {
    const account = await registerAccount('demo', { label: 'pruefen' })
    const { reset } = await resetMailOf(account)
    const before = Date.now()
    for (let i = 0; i < 2; i++) {
      const response = await call(VALIDATE, { method: 'PUT', body: { Token: reset } })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const answer = validateResetPasswordResponseSchema.parse(response.json)
      expect(answer).toMatchObject({ Email: account.email, Zweck: 'PasswortZuruecksetzen' })
      // A reset link is valid for two hours.
      const lifetime = Date.parse(answer.GueltigBis) - before
      expect(lifetime).toBeGreaterThan(110 * 60 * 1000)
      expect(lifetime).toBeLessThanOrEqual(121 * 60 * 1000)
    }
    // Still unused: it sets the password.
    expect(
      (await call(RESET, { method: 'PUT', body: { Token: reset, Password: NEW_PASSWORD } })).status,
    ).toBe(200)
    expectError(await call(VALIDATE, { method: 'PUT', body: { Token: reset } }), 409, 'TokenBereitsVerwendet')
  })

  it('answers 410 Abgelaufen for a token never issued, a login link and another tenant', async () => {
    const account = await registerAccount('demo', { label: 'fremd' })
    const { reset, login: loginToken } = await resetMailOf(account)
    const unknown = randomBytes(32).toString('base64url')
    expectError(await call(VALIDATE, { method: 'PUT', body: { Token: unknown } }), 410, 'Abgelaufen')
    expectError(await call(VALIDATE, { method: 'PUT', body: { Token: loginToken } }), 410, 'Abgelaufen')
    expectError(
      await call('/api/v1/demo-closed/account/validateResetPassword', {
        method: 'PUT',
        body: { Token: reset },
      }),
      410,
      'Abgelaufen',
    )
    expect((await call(VALIDATE, { method: 'PUT', body: { Token: reset } })).status).toBe(200)
  })

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['a short token', { Token: 'abc' }],
    ['a numeric token', { Token: 42 }],
  ])('refuses %s with 400 UngueltigeEingabe', async (_label, body) => {
    expectError(await call(VALIDATE, { method: 'PUT', body }), 400, 'UngueltigeEingabe')
  })

  it('demands X-Requested-With', async () => {
    const response = await call(VALIDATE, {
      method: 'PUT',
      withoutRequestedWith: true,
      body: { Token: randomBytes(32).toString('base64url') },
    })
    expectError(response, 400, 'AnfrageUnvollstaendig')
  })
})
