import { randomBytes } from 'node:crypto'
import { userSchema, validateResetPasswordResponseSchema } from '@/lib/contracts/account'
import {
  MAIL_SUBJECTS,
  mailBarrier,
  portalPath,
  registerAccount,
  startRegistration,
  trackForRelease,
} from '../support/accounts'
import { call, expectError, login, uniqueClientIp } from '../support/http'
import { linkFrom, linksOf, mailsTo, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { BASE_URL } from '../support/test-server'
import { CREATE, LOGIN, VALIDATE, createBody, expectNothingStoredFor } from './registration-fixtures'

describe('POST /api/v1/{tenant}/account/createEmpfehler', () => {
  it('registers a new e-mail with {ok:true} and mails the links to set a password and to log in', async () => {
    const email = uniqueTestEmail('neu')
    const response = await call(CREATE, {
      method: 'POST',
      headers: uniqueClientIp(),
      body: createBody(email, { Anrede: 'Herr' }),
    })
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
    const fresh = await call(CREATE, {
      method: 'POST',
      headers: uniqueClientIp(),
      body: createBody(freshEmail),
    })
    trackForRelease('demo', freshEmail)
    const again = await call(CREATE, {
      method: 'POST',
      headers: uniqueClientIp(),
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
    const response = await call(CREATE, {
      method: 'POST',
      headers: uniqueClientIp(),
      body: createBody(email),
    })
    expectError(response, 400, 'EmailUngueltig')
    expect((response.json as { Fields: { Field: string }[] }).Fields).toEqual([
      { Field: 'Email', Code: 'invalid_format' },
    ])
  })

  it('refuses the 21st registration from one client within the hour, and mails nothing for it', async () => {
    // Each registration mails the address typed in with the names typed in: not a bulk sender.
    const client = uniqueClientIp()
    const emails = Array.from({ length: 21 }, (_, i) => uniqueTestEmail(`viele-${i}`))
    for (const email of emails.slice(0, 20)) {
      trackForRelease('demo', email)
      const answer = await call(CREATE, { method: 'POST', headers: client, body: createBody(email) })
      expect(answer.status).toBe(200)
    }
    const last = emails[20]!
    trackForRelease('demo', last)
    expectError(
      await call(CREATE, { method: 'POST', headers: client, body: createBody(last) }),
      429,
      'ZuVieleAnfragen',
    )
    // Another client is not held up.
    expect(
      (await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: createBody(last) })).status,
    ).toBe(200)
    await waitForMail('demo', last, { subject: MAIL_SUBJECTS.welcome })
    await mailBarrier('demo')
    expect(await mailsTo('demo', last)).toHaveLength(1)
  })

  it('answers EmailUngueltig in English too', async () => {
    expectError(
      await call(CREATE, {
        method: 'POST',
        headers: uniqueClientIp(),
        locale: 'en',
        body: createBody('kein-at-zeichen'),
      }),
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
    expectError(
      await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: createBody(email) }),
      403,
      'KontoGesperrtWildcard',
    )
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
    const response = await call(CREATE, {
      method: 'POST',
      headers: uniqueClientIp(),
      body: createBody(email),
    })
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
    const response = await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: body(email) })
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
    expectError(
      await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: body(email) }),
      400,
      'UngueltigeEingabe',
    )
    await expectNothingStoredFor(email)
  })

  it.each([
    ['without X-Requested-With', { withoutRequestedWith: true }, 400, 'AnfrageUnvollstaendig'],
    ['from a foreign origin', { headers: { Origin: 'https://evil.example' } }, 403, 'NichtAuthorisiert'],
  ] as const)('refuses a registration %s and stores nothing', async (_label, options, status, code) => {
    const email = uniqueTestEmail('herkunft')
    expectError(
      await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: createBody(email), ...options }),
      status,
      code,
    )
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
