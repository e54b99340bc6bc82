import {
  lockAccount,
  MAIL_SUBJECTS,
  operatorCall,
  registerAccount,
  setPasswordByLink,
} from '../support/accounts'
import {
  call,
  captchaFlag,
  expectCheckedThenCaptcha,
  expectError,
  login,
  uniqueClientIp,
  type ApiResponse,
} from '../support/http'
import { linkFrom, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { USER, WRONG, attempt, solvedCaptcha, failElevenTimes, expectElevenFailures } from './login-fixtures'

describe('PUT /api/v1/{tenant}/operator/kontosperre', () => {
  it('locks one account (KontoGesperrtEinzel, only for the right password) until the operator lifts it', async () => {
    const account = await registerAccount('demo', { label: 'einzel' })
    const earlier = await login('demo', account)
    const ip = uniqueClientIp()
    const locked = await lockAccount('demo', account.email)
    expect(locked.json).toEqual({ Gesperrt: true })
    expectError(await call(USER, { token: earlier.token }), 401, 'PSOF0204')
    expectError(await attempt(account.email, account.password, ip), 403, 'KontoGesperrtEinzel')
    expectError(await attempt(account.email, WRONG, ip), 401, 'PasswortOderEmailFalsch')

    // A password reset does not lift an operator's lock, and its link stays unused.
    await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(account.email)}`)
    const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
    const resetToken = linkFrom(mail, '/demo/passwortsetzen')
    expectError(await setPasswordByLink(resetToken, 'Neues-Passw0rt'), 403, 'KontoGesperrtEinzel')
    expectError(await attempt(account.email, account.password, ip), 403, 'KontoGesperrtEinzel')

    const unlocked = await operatorCall('demo', 'kontosperre', {
      Email: account.email,
      Gesperrt: false,
      Bearbeiter: 'jest',
    })
    expect(unlocked.json).toEqual({ Gesperrt: false })
    expect((await attempt(account.email, account.password, ip)).status).toBe(200)
    expect(
      (
        await call('/api/v1/demo/account/validateResetPassword', {
          method: 'PUT',
          body: { Token: resetToken },
        })
      ).status,
    ).toBe(200)
  })

  it('lifts a lock from failed logins too', async () => {
    const account = await registerAccount('demo', { label: 'entsperren' })
    const ip = uniqueClientIp()
    expectElevenFailures(await failElevenTimes(account.email, ip))
    const unlocked = await operatorCall('demo', 'kontosperre', {
      Email: account.email,
      Gesperrt: false,
      Bearbeiter: 'jest',
    })
    expect(unlocked.status).toBe(200)
    expect((await attempt(account.email, account.password, ip)).status).toBe(200)
  })

  it.each([
    ['no key', {}],
    ['a wrong key', { token: 'f'.repeat(64) }],
    ['an empty key', { token: '' }],
  ])('refuses %s with 401 PSOF0204 and changes nothing', async (_label, options) => {
    const account = await registerAccount('demo', { label: 'ohne-schluessel' })
    const response = await call('/api/v1/demo/operator/kontosperre', {
      method: 'PUT',
      body: { Email: account.email, Gesperrt: true, Bearbeiter: 'jest' },
      ...options,
    })
    expectError(response, 401, 'PSOF0204')
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it('refuses a referrer’s own token as operator key', async () => {
    const account = await registerAccount('demo', { label: 'kein-operator' })
    const response = await operatorCall(
      'demo',
      'kontosperre',
      { Email: account.email, Gesperrt: true, Bearbeiter: 'jest' },
      { token: account.user.token },
    )
    expectError(response, 401, 'PSOF0204')
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it('answers an unknown e-mail (also one of another tenant) with 404 NichtRegistriert', async () => {
    const account = await registerAccount('demo', { label: 'anderer-mandant' })
    for (const [tenant, email] of [
      ['demo', uniqueTestEmail('unbekannt')],
      ['demo-closed', account.email],
    ]) {
      expectError(
        await operatorCall(tenant!, 'kontosperre', { Email: email, Gesperrt: true, Bearbeiter: 'jest' }),
        404,
        'NichtRegistriert',
      )
    }
    expect((await login('demo', account)).email).toBe(account.email)
  })

  it.each([
    ['no Bearbeiter', { Email: 'jest@example.org', Gesperrt: true }],
    ['a text for Gesperrt', { Email: 'jest@example.org', Gesperrt: 'ja', Bearbeiter: 'jest' }],
    ['no body', undefined],
  ])('refuses %s with 400 UngueltigeEingabe', async (_label, body) => {
    expectError(await operatorCall('demo', 'kontosperre', body), 400, 'UngueltigeEingabe')
  })

  it('answers GET and POST with 405', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expectError(
        await call('/api/v1/demo/operator/kontosperre', { method, body: method === 'GET' ? undefined : {} }),
        405,
        'MethodeNichtErlaubt',
      )
    }
  })
})

describe('employees and providers (GesperrteEmailMuster)', () => {
  it('answers their login with 403 KontoGesperrtWildcard every time, without counting failures', async () => {
    const ip = uniqueClientIp()
    for (const email of [
      'jest@lumenta.example',
      'Jest@LUMENTA.example',
      'jest@shop.lumenta.example',
      'jest@vertrieb-nord.example',
    ]) {
      for (let i = 0; i < 6; i++) {
        expectError(await attempt(email, WRONG, ip), 403, 'KontoGesperrtWildcard')
      }
    }
    // 24 refusals, more than the 20 failures that demand a captcha per address: none of them counted.
    expectError(await attempt(uniqueTestEmail('danach'), WRONG, ip), 401, 'PasswortOderEmailFalsch')
  })

  it('applies the patterns of the tenant asked', async () => {
    const ip = uniqueClientIp()
    // Unique: on demo this e-mail is an ordinary one, whose failures count (also across runs).
    const email = uniqueTestEmail('mandant').replace('@example.org', '@fjordnet.example')
    expectError(
      await call('/api/v1/demo-closed/account/login', {
        method: 'POST',
        headers: ip,
        body: { Email: email, Password: WRONG },
      }),
      403,
      'KontoGesperrtWildcard',
    )
    expectError(await attempt(email, WRONG, ip), 401, 'PasswortOderEmailFalsch')
  })
})

describe('failures per client address (LoginCaptchaAfterFailuresPerIp 20)', () => {
  it('demands a captcha for every e-mail from an address with 20 failures, and only from there', async () => {
    const account = await registerAccount('demo', { label: 'pro-ip' })
    const ip = uniqueClientIp()
    // 20 failures spread over 10 e-mails: none of them reaches its own captcha limit of 3.
    for (let i = 0; i < 10; i++) {
      const email = uniqueTestEmail(`ip-${i}`)
      for (let j = 0; j < 2; j++) expectError(await attempt(email, WRONG, ip), 401, 'PasswortOderEmailFalsch')
    }
    expectError(await attempt(account.email, account.password, ip), 400, 'CaptchaRequired')
    expectError(await attempt(uniqueTestEmail('neu'), WRONG, ip), 400, 'CaptchaRequired')
    // The entry the trusted proxy appended counts (TRUSTED_PROXY_HOPS 1): an address the client put
    // in front of it changes nothing.
    expectError(
      await attempt(account.email, account.password, {
        'X-Forwarded-For': `192.0.2.77, ${ip['X-Forwarded-For']}`,
      }),
      400,
      'CaptchaRequired',
    )
    // From another address the same account logs in without a captcha.
    expect((await attempt(account.email, account.password, uniqueClientIp())).status).toBe(200)
    // With a solved captcha the address may still log in.
    const ok = await attempt(account.email, account.password, ip, await solvedCaptcha())
    expect(ok.status).toBe(200)
    expectError(await attempt(account.email, account.password, ip), 400, 'CaptchaRequired')
  })
})

describe('POST /api/v1/{tenant}/account/login: the answer that makes a captcha necessary says so', () => {
  it('answers the third wrong password with its text and CaptchaErforderlich, so the fourth try can bring the captcha', async () => {
    const account = await registerAccount('demo', { label: 'captcha-sofort' })
    const ip = uniqueClientIp()
    const answers: ApiResponse[] = []
    for (let i = 0; i < 3; i++) answers.push(await attempt(account.email, WRONG, ip))
    for (const answer of answers) expectError(answer, 401, 'PasswortOderEmailFalsch')
    expect(answers.map(captchaFlag)).toEqual([false, false, true])
    expect(answers[2]!.json).toEqual({
      Code: 'PasswortOderEmailFalsch',
      Message: 'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
      CaptchaErforderlich: true,
    })
    // Every answer while a captcha is needed says so, also in English, and a wrong password with a
    // solved captcha too.
    const required = await attempt(account.email, account.password, ip)
    expectError(required, 400, 'CaptchaRequired')
    expect(captchaFlag(required)).toBe(true)
    const stillWrong = await attempt(account.email, WRONG, ip, await solvedCaptcha())
    expectError(stillWrong, 401, 'PasswortOderEmailFalsch')
    expect(captchaFlag(stillWrong)).toBe(true)
    // The right password with a solved captcha lets in; the count starts over, without the flag.
    const ok = await attempt(account.email, account.password, ip, await solvedCaptcha())
    expect(ok.status).toBe(200)
    const again = await attempt(account.email, WRONG, ip)
    expectError(again, 401, 'PasswortOderEmailFalsch')
    expect(captchaFlag(again)).toBe(false)
  })

  it('does not flag the lock, nor the answers of an employee', async () => {
    const account = await registerAccount('demo', { label: 'ohne-flag' })
    const answers = await failElevenTimes(account.email, uniqueClientIp())
    expectElevenFailures(answers)
    expect(answers.map(captchaFlag)).toEqual([false, false, true, true, ...Array(6).fill(true), false, false])
    expect(captchaFlag(await attempt('jest@lumenta.example', WRONG, uniqueClientIp()))).toBe(false)
  })
})

describe('POST /api/v1/{tenant}/account/login: parallel attempts (limits counted atomically)', () => {
  it('checks only 3 of 25 parallel wrong passwords for one account; the others need a captcha and count nothing', async () => {
    const account = await registerAccount('demo', { label: 'parallel' })
    const ip = uniqueClientIp()
    const answers = await Promise.all(Array.from({ length: 25 }, () => attempt(account.email, WRONG, ip)))
    const checked = answers.filter((a) => a.status === 401)
    const refused = answers.filter((a) => a.status !== 401)
    expect(checked).toHaveLength(3)
    for (const answer of checked) expectError(answer, 401, 'PasswortOderEmailFalsch')
    // The one failure that reached the limit says that a captcha comes next.
    expect(checked.filter(captchaFlag)).toHaveLength(1)
    expect(refused).toHaveLength(22)
    for (const answer of refused) {
      expectError(answer, 400, 'CaptchaRequired')
      expect(captchaFlag(answer)).toBe(true)
    }
    // The 22 refusals left nothing behind: the account locks at exactly its 10th failure.
    const codes: string[] = []
    for (let i = 0; i < 7; i++) {
      codes.push(
        ((await attempt(account.email, WRONG, ip, await solvedCaptcha())).json as { Code: string }).Code,
      )
    }
    expect(codes).toEqual([...Array(6).fill('PasswortOderEmailFalsch'), 'KontoGesperrt'])
  })

  it('checks only 20 of 25 parallel wrong passwords from one address (LoginCaptchaAfterFailuresPerIp)', async () => {
    const ip = uniqueClientIp()
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(uniqueTestEmail(`parallel-ip-${i}`), WRONG, ip)),
    )
    expectCheckedThenCaptcha(answers, { count: 20, status: 401, code: 'PasswortOderEmailFalsch' })
    // The address has 20 failures, not more: a solved captcha still gets a password checked.
    expectError(
      await attempt(uniqueTestEmail('parallel-ip-danach'), WRONG, ip, await solvedCaptcha()),
      401,
      'PasswortOderEmailFalsch',
    )
  })
})
