import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { passwordValidatorSchema } from '@/lib/contracts/password'
import { userSchema } from '@/lib/contracts/account'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  registerAccount,
  setPasswordByLink,
  startRegistration,
} from '../support/accounts'
import { call, expectError } from '../support/http'
import { linkFrom, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { LOGIN, VALIDATE, unknownToken } from './registration-fixtures'

describe('GET /api/v1/{tenant}/account/login?token= (one-time login link)', () => {
  it('logs in once with the link of the welcome mail, then answers 409 TokenBereitsVerwendet', async () => {
    const { email, welcome } = await startRegistration('demo', { label: 'link' })
    const token = linkFrom(welcome, '/demo/login')
    // A read: no X-Requested-With needed (a link opened in a browser).
    const first = await call(`${LOGIN}?token=${token}`, { withoutRequestedWith: true })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const user = userSchema.parse(first.json)
    expect(user).toMatchObject({ email, username: email, vorname: 'Jest' })
    expect(user.admin).toBeUndefined()
    expect((await call('/api/v1/demo/account/user', { token: user.token })).json).toMatchObject({ email })

    expectError(await call(`${LOGIN}?token=${token}`), 409, 'TokenBereitsVerwendet')
    // The session of the first use stays valid.
    expect((await call('/api/v1/demo/account/user', { token: user.token })).status).toBe(200)
  })

  it('lets exactly one of many simultaneous uses of a link log in', async () => {
    const { welcome } = await startRegistration('demo', { label: 'gleichzeitig' })
    const token = linkFrom(welcome, '/demo/login')
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(`${LOGIN}?token=${token}`)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    for (const answer of answers.filter((a) => a.status === 409)) {
      expectError(answer, 409, 'TokenBereitsVerwendet')
    }
  })

  it('follows the SPEC path with a trailing slash to the same answer', async () => {
    const { welcome } = await startRegistration('demo', { label: 'slash' })
    const token = linkFrom(welcome, '/demo/login')
    const response = await call(`${LOGIN}/?token=${token}`, { redirect: 'follow' })
    expect(response.status).toBe(200)
    expect(userSchema.parse(response.json).token).toBeTruthy()
  })

  it('answers a well-formed token that was never issued with 410 Abgelaufen', async () => {
    expectError(await call(`${LOGIN}?token=${unknownToken()}`), 410, 'Abgelaufen')
    expectError(await call(`${LOGIN}?token=${unknownToken()}`, { locale: 'en' }), 410, 'Abgelaufen', 'en')
  })

  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a short token', '?token=abc'],
    ['a token one character too long', `?token=${unknownToken()}x`],
    ['a token with foreign characters', `?token=${encodeURIComponent(`${unknownToken().slice(1)}+`)}`],
  ])('refuses %s with 400 UngueltigeEingabe', async (_label, query) => {
    expectError(await call(`${LOGIN}${query}`), 400, 'UngueltigeEingabe')
  })

  it('accepts neither the set-password link nor another tenant, and leaves both links usable', async () => {
    const { email, welcome } = await startRegistration('demo', { label: 'zweck' })
    const setToken = linkFrom(welcome, '/demo/registrieren')
    const loginToken = linkFrom(welcome, '/demo/login')
    expectError(await call(`${LOGIN}?token=${setToken}`), 410, 'Abgelaufen')
    expectError(await call(`/api/v1/demo-closed/account/login?token=${loginToken}`), 410, 'Abgelaufen')
    // Neither refusal used a token up.
    expect((await call(VALIDATE, { method: 'PUT', body: { Token: setToken } })).status).toBe(200)
    expect((await call(`${LOGIN}?token=${loginToken}`)).json).toMatchObject({ email })
  })
})

describe('GET /api/v1/{tenant}/account/resendWelcomeMail/{email}', () => {
  const resend = (email: string, options = {}) =>
    call(`/api/v1/demo/account/resendWelcomeMail/${encodeURIComponent(email)}`, options)

  it('mails new welcome links while no password is set; the old links answer Abgelaufen', async () => {
    const { email, welcome } = await startRegistration('demo', { label: 'erneut' })
    const response = await resend(email)
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ ok: true })
    const second = await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome, except: [welcome.Id] })
    const oldSet = linkFrom(welcome, '/demo/registrieren')
    const oldLogin = linkFrom(welcome, '/demo/login')
    const newSet = linkFrom(second, '/demo/registrieren')
    expect(newSet).not.toBe(oldSet)

    expectError(await call(VALIDATE, { method: 'PUT', body: { Token: oldSet } }), 410, 'Abgelaufen')
    expectError(await setPasswordByLink(oldSet, 'Jest-Konto-2026'), 410, 'Abgelaufen')
    expectError(await call(`${LOGIN}?token=${oldLogin}`), 410, 'Abgelaufen')
    const set = await setPasswordByLink(newSet, 'Jest-Konto-2026')
    expect(userSchema.parse(set.json).email).toBe(email)
  })

  it('answers {ok:true} but mails nothing once the password is set, and for unknown e-mails', async () => {
    const account = await registerAccount('demo', { label: 'fertig-erneut' })
    const unknown = uniqueTestEmail('unbekannt')
    const known = await resend(account.email)
    const notKnown = await resend(unknown)
    expect(known.status).toBe(200)
    expect(known.text).toBe(notKnown.text)
    expect(known.json).toEqual({ ok: true })
    await mailBarrier('demo')
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
    expect(await mailsTo('demo', unknown)).toEqual([])
  })

  it('refuses a call without X-Requested-With (no foreign page may trigger mails)', async () => {
    const { email, welcome } = await startRegistration('demo', { label: 'ohne-header' })
    expectError(await resend(email, { withoutRequestedWith: true }), 400, 'AnfrageUnvollstaendig')
    await mailBarrier('demo')
    expect((await mailsTo('demo', email)).map((m) => m.Id)).toEqual([welcome.Id])
  })

  it('mails at most three welcome mails an hour, however often it is asked', async () => {
    const { email } = await startRegistration('demo', { label: 'flut' })
    for (let i = 0; i < 4; i++) expect((await resend(email)).json).toEqual({ ok: true })
    await mailBarrier('demo')
    const mails = await mailsTo('demo', email)
    expect(mails.map((m) => m.Betreff)).toEqual(
      Array.from({ length: 3 }, () => expect.stringMatching(MAIL_SUBJECTS.welcome)),
    )
    // The newest mail's link works, the older ones were replaced by it.
    const [newest, ...older] = mails
    for (const mail of older) {
      expectError(
        await call(VALIDATE, { method: 'PUT', body: { Token: linkFrom(mail, '/demo/registrieren') } }),
        410,
        'Abgelaufen',
      )
    }
    const validated = await call(VALIDATE, {
      method: 'PUT',
      body: { Token: linkFrom(newest!, '/demo/registrieren') },
    })
    expect(validated.json).toMatchObject({ Email: email, Zweck: 'Registrierung' })
  })

  it('mails at most three welcome mails an hour when asked ten times at once (limits counted atomically)', async () => {
    const { email } = await startRegistration('demo', { label: 'flut-parallel' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => resend(email)))
    for (const answer of answers) expect(answer.json).toEqual({ ok: true })
    await mailBarrier('demo')
    // The registration's mail and two more.
    expect((await mailsTo('demo', email)).map((m) => m.Betreff)).toEqual(
      Array.from({ length: 3 }, () => expect.stringMatching(MAIL_SUBJECTS.welcome)),
    )
  })

  it('refuses an invalid e-mail with EmailUngueltig', async () => {
    expectError(await resend('kein-at-zeichen'), 400, 'EmailUngueltig')
  })

  it('answers POST with 405 MethodeNichtErlaubt', async () => {
    expectError(await resend('jest@example.org', { method: 'POST', body: {} }), 405, 'MethodeNichtErlaubt')
  })
})

describe('GET /api/v1/{tenant}/account/passwortvalidator', () => {
  it('answers the SPEC rule as data with the German message by default', async () => {
    const response = await call('/api/v1/demo/account/passwortvalidator', { withoutRequestedWith: true })
    expect(response.status).toBe(200)
    const rule = passwordValidatorSchema.parse(response.json)
    expect(response.json).toEqual({
      MinLength: 8,
      MaxLength: 128,
      Kleinbuchstabe: true,
      Grossbuchstabe: true,
      Ziffer: true,
      Muster: expect.any(String),
      Meldung: de.Validation.password,
    })
    const pattern = new RegExp(rule.Muster, 'u')
    for (const ok of ['Abcdefg1', 'Jest-Konto-2026', `A1${'b'.repeat(126)}`, 'Äbcdefg1']) {
      expect(pattern.test(ok)).toBe(true)
    }
    for (const bad of ['abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abcde1', `A1${'b'.repeat(127)}`]) {
      expect(pattern.test(bad)).toBe(false)
    }
  })

  it('answers the English message for X-Accept-Language: en', async () => {
    const response = await call('/api/v1/demo/account/passwortvalidator', { locale: 'en' })
    expect(passwordValidatorSchema.parse(response.json).Meldung).toBe(en.Validation.password)
    expect(en.Validation.password).not.toBe(de.Validation.password)
  })

  it('answers POST with 405 MethodeNichtErlaubt', async () => {
    expectError(
      await call('/api/v1/demo/account/passwortvalidator', { method: 'POST', body: {} }),
      405,
      'MethodeNichtErlaubt',
    )
  })
})
