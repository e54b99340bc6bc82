import { randomBytes } from 'node:crypto'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { passwordValidatorSchema } from '@/lib/contracts/password'
import { userSchema, validateResetPasswordResponseSchema } from '@/lib/contracts/account'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  portalPath,
  registerAccount,
  releaseRegisteredAccounts,
  startRegistration,
  trackForRelease,
} from '../support/accounts'
import { call, expectError, login, uniqueClientIp } from '../support/http'
import { linkFrom, linksOf, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { BASE_URL } from '../support/test-server'

// Registration (POST account/createEmpfehler), the welcome mail and its links, the one-time login by
// link (GET account/login?token=), GET account/resendWelcomeMail/{email} and GET
// account/passwortvalidator. Every account is made through the API with a unique e-mail and deleted
// again in afterAll, so the file runs on PGlite and on a shared PostgreSQL alike.

const CREATE = '/api/v1/demo/account/createEmpfehler'
const LOGIN = '/api/v1/demo/account/login'
const VALIDATE = '/api/v1/demo/account/validateResetPassword'

afterAll(releaseRegisteredAccounts)

function createBody(email: string, extra: Record<string, unknown> = {}) {
  return { Vorname: 'Jest', Nachname: 'Registrierung', Email: email, ...extra }
}

/** A token of the right shape (32 random bytes, base64url) that was never issued. */
function unknownToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Proves that an earlier refused request stored nothing and sent nothing: a proper registration of the
 * same e-mail now gets the welcome mail (an existing account would get the accountExists hint instead),
 * and it is the only mail the address ever received.
 */
async function expectNothingStoredFor(email: string) {
  const created = await call(CREATE, { method: 'POST', body: createBody(email) })
  expect(created.status).toBe(200)
  trackForRelease('demo', email)
  await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome })
  expect((await mailsTo('demo', email)).map((m) => m.Betreff)).toEqual([
    expect.stringMatching(MAIL_SUBJECTS.welcome),
  ])
}

describe('POST /api/v1/{tenant}/account/createEmpfehler', () => {
  it('registers a new e-mail with {ok:true} and mails the links to set a password and to log in', async () => {
    const email = uniqueTestEmail('neu')
    const response = await call(CREATE, { method: 'POST', body: createBody(email, { Anrede: 'Herr' }) })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ ok: true })
    expect(response.headers.get('cache-control')).toBe('no-store')
    trackForRelease('demo', email)

    const welcome = await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome })
    expect(welcome).toMatchObject({ Mandant: 'demo', An: email })
    expect(welcome.Betreff).toBe(
      'Willkommen beim Lumenta Freunde-Bonus: Bitte schließen Sie Ihre Registrierung ab',
    )
    expect(welcome.Text).toContain('Herr Registrierung')
    const setToken = linkFrom(welcome, '/demo/registrieren')
    const loginToken = linkFrom(welcome, '/demo/login')
    expect(setToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(loginToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(setToken).not.toBe(loginToken)
    for (const url of linksOf(welcome).filter((u) => u.searchParams.has('token'))) {
      expect(url.origin).toBe(BASE_URL)
    }

    // The set-password link is a welcome link of this e-mail.
    const validated = await call(VALIDATE, { method: 'PUT', body: { Token: setToken } })
    expect(validated.status).toBe(200)
    expect(validateResetPasswordResponseSchema.parse(validated.json)).toMatchObject({
      Email: email,
      Zweck: 'Registrierung',
    })
    // No password exists yet, so none logs in.
    expectError(
      await call(LOGIN, {
        method: 'POST',
        headers: uniqueClientIp(),
        body: { Email: email, Password: 'Jest-Konto-2026' },
      }),
      401,
      'PasswortOderEmailFalsch',
    )
  })

  it('completes the registration with the welcome link: the password logs in, no extra mail', async () => {
    const account = await registerAccount('demo', { label: 'fertig' })
    expect(account.user).toMatchObject({ email: account.email, vorname: 'Jest', nachname: 'Konto' })
    // With the password set, the welcome mail's links are used up: neither opens the account again.
    const welcome = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.welcome })
    expectError(
      await call(VALIDATE, { method: 'PUT', body: { Token: linkFrom(welcome, '/demo/registrieren') } }),
      409,
      'TokenBereitsVerwendet',
    )
    expectError(await call(`${LOGIN}?token=${linkFrom(welcome, '/demo/login')}`), 410, 'Abgelaufen')
    expect((await call('/api/v1/demo/account/user', { token: account.user.token })).status).toBe(200)
    expect((await login('demo', account)).email).toBe(account.email)
    // Setting the first password sends no "password changed" notice.
    await mailBarrier('demo')
    expect((await mailsTo('demo', account.email)).map((m) => m.Betreff)).toEqual([
      expect.stringMatching(MAIL_SUBJECTS.welcome),
    ])
  })

  it('answers a registered e-mail the same and mails its owner a hint instead (no second account)', async () => {
    const account = await registerAccount('demo', { label: 'doppelt' })
    const freshEmail = uniqueTestEmail('vergleich')
    const fresh = await call(CREATE, { method: 'POST', body: createBody(freshEmail) })
    trackForRelease('demo', freshEmail)
    const again = await call(CREATE, {
      method: 'POST',
      // Case and blanks do not make a new e-mail; the names sent do not overwrite the account's.
      body: createBody(`  ${account.email.toUpperCase()} `, { Vorname: 'Anders', Nachname: 'Jemand' }),
    })
    expect(again.status).toBe(fresh.status)
    expect(again.text).toBe(fresh.text)
    expect(again.headers.get('content-type')).toBe(fresh.headers.get('content-type'))

    const hint = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.accountExists })
    expect(linksOf(hint).some((u) => u.searchParams.has('token'))).toBe(false)
    expect(linksOf(hint).map((u) => u.pathname)).toEqual(
      expect.arrayContaining(['/demo/login', '/demo/passwortvergessen']),
    )
    const user = await login('demo', account)
    expect(user).toMatchObject({ vorname: 'Jest', nachname: 'Konto' })
  })

  it.each([
    ['no @', 'kein-at-zeichen'],
    ['no domain', 'jest@'],
    ['blanks inside', 'jest konto@example.org'],
    ['an empty e-mail', ''],
    ['blanks only', '   '],
    ['two @', 'a@b@example.org'],
  ])('refuses an e-mail with %s as EmailUngueltig, naming the field', async (_label, email) => {
    const response = await call(CREATE, { method: 'POST', body: createBody(email) })
    expectError(response, 400, 'EmailUngueltig')
    expect((response.json as { Fields: { Field: string }[] }).Fields).toEqual([
      { Field: 'Email', Code: 'invalid_format' },
    ])
  })

  it('answers EmailUngueltig in English too', async () => {
    expectError(
      await call(CREATE, { method: 'POST', locale: 'en', body: createBody('kein-at-zeichen') }),
      400,
      'EmailUngueltig',
      'en',
    )
  })

  it.each([
    ['the first pattern', 'jest@lumenta.example'],
    ['upper case', 'Jest.Konto@LUMENTA.Example'],
    ['a subdomain', 'jest@vertrieb.lumenta.example'],
    ['the third pattern', 'jest@vertrieb-nord.example'],
  ])('refuses an employee or provider e-mail (%s) with 403 KontoGesperrtWildcard', async (_label, email) => {
    expectError(await call(CREATE, { method: 'POST', body: createBody(email) }), 403, 'KontoGesperrtWildcard')
  })

  it('applies the patterns of the tenant asked, not those of another', async () => {
    expectError(
      await call('/api/v1/demo-closed/account/createEmpfehler', {
        method: 'POST',
        body: createBody('jest@fjordnet.example'),
      }),
      403,
      'KontoGesperrtWildcard',
    )
    // demo-closed's pattern is no employee domain of demo: that e-mail registers on demo (and is deleted).
    const email = `jest-${randomBytes(6).toString('hex')}@fjordnet.example`
    const response = await call(CREATE, { method: 'POST', body: createBody(email) })
    expect(response.status).toBe(200)
    trackForRelease('demo', email)
    await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome })
  })

  it.each([
    ['a missing first name', (email: string) => ({ Nachname: 'Konto', Email: email })],
    ['a missing last name', (email: string) => ({ Vorname: 'Jest', Email: email })],
    ['blank names', (email: string) => createBody(email, { Vorname: '  ', Nachname: '\t' })],
    ['a numeric name', (email: string) => createBody(email, { Vorname: 42 })],
    ['a name array', (email: string) => createBody(email, { Nachname: ['Konto'] })],
    ['an overlong name', (email: string) => createBody(email, { Vorname: 'J'.repeat(101) })],
    ['an unknown Anrede', (email: string) => createBody(email, { Anrede: 'Dr.' })],
    ['an empty terms text', (email: string) => createBody(email, { AgbText: '   ' })],
    ['an e-mail array', (email: string) => createBody('', { Email: [email] })],
    ['an e-mail object', (email: string) => createBody('', { Email: { $ne: email } })],
  ])('refuses %s with 400 UngueltigeEingabe and stores nothing', async (_label, body) => {
    const email = uniqueTestEmail('ungueltig')
    const response = await call(CREATE, { method: 'POST', body: body(email) })
    expectError(response, 400, 'UngueltigeEingabe')
    expect((response.json as { Fields: unknown[] }).Fields.length).toBeGreaterThan(0)
    await expectNothingStoredFor(email)
  })

  it.each([
    ['broken JSON', (email: string) => `{"Vorname":"Jest","Nachname":"Konto","Email":"${email}"`],
    ['a JSON array', (email: string) => JSON.stringify([createBody(email)])],
    ['form data', (email: string) => `Vorname=Jest&Nachname=Konto&Email=${encodeURIComponent(email)}`],
  ])('refuses %s with 400 UngueltigeEingabe and stores nothing', async (_label, body) => {
    const email = uniqueTestEmail('kaputt')
    expectError(await call(CREATE, { method: 'POST', body: body(email) }), 400, 'UngueltigeEingabe')
    await expectNothingStoredFor(email)
  })

  it.each([
    ['without X-Requested-With', { withoutRequestedWith: true }, 400, 'AnfrageUnvollstaendig'],
    ['from a foreign origin', { headers: { Origin: 'https://evil.example' } }, 403, 'NichtAuthorisiert'],
  ] as const)('refuses a registration %s and stores nothing', async (_label, options, status, code) => {
    const email = uniqueTestEmail('herkunft')
    expectError(await call(CREATE, { method: 'POST', body: createBody(email), ...options }), status, code)
    await expectNothingStoredFor(email)
  })

  it('mails in the language of the registration (English links carry /en)', async () => {
    const { email, welcome } = await startRegistration('demo', { label: 'englisch', locale: 'en' })
    expect(welcome.Betreff).toBe('Welcome to Lumenta Freunde-Bonus: please complete your registration')
    const token = linkFrom(welcome, portalPath('demo', 'registrieren', 'en'))
    const validated = await call(VALIDATE, { method: 'PUT', body: { Token: token } })
    expect(validated.json).toMatchObject({ Email: email, Zweck: 'Registrierung' })
    const user = await call(`${LOGIN}?token=${linkFrom(welcome, portalPath('demo', 'login', 'en'))}`)
    expect(userSchema.parse(user.json).language).toBe('en')
  })

  it.each(['GET', 'PUT', 'DELETE'] as const)('answers %s with 405 MethodeNichtErlaubt', async (method) => {
    expectError(
      await call(CREATE, { method, body: method === 'GET' ? undefined : {} }),
      405,
      'MethodeNichtErlaubt',
    )
  })
})

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
    expectError(
      await call('/api/v1/demo/account/resetPassword', {
        method: 'PUT',
        body: { Token: oldSet, Password: 'Jest-Konto-2026' },
      }),
      410,
      'Abgelaufen',
    )
    expectError(await call(`${LOGIN}?token=${oldLogin}`), 410, 'Abgelaufen')
    const set = await call('/api/v1/demo/account/resetPassword', {
      method: 'PUT',
      body: { Token: newSet, Password: 'Jest-Konto-2026' },
    })
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
