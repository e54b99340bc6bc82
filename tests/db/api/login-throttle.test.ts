import { captchaChallengeSchema, userSchema } from '@/lib/contracts/account'
import { MAIL_SUBJECTS, operatorCall, registerAccount, releaseRegisteredAccounts } from '../support/accounts'
import { call, expectError, login, uniqueClientIp, type ApiResponse } from '../support/http'
import { linkFrom, uniqueTestEmail, waitForMail } from '../support/mailbox'
import { BASE_URL } from '../support/test-server'

// Brute-force protection of POST account/login (QUALITY §Security 6) on demo: from the 3rd failure for
// one e-mail a captcha is demanded (POST captcha), at the 10th the account locks (KontoGesperrt), and 20
// failures from one address within an hour demand a captcha for any e-mail from it. Unknown e-mails
// run through the same answers. Operators lock single accounts (PUT operator/kontosperre).
//
// Every failure-heavy test uses accounts and a client address of its own (X-Forwarded-For, see
// uniqueClientIp): the per-IP counter of 127.0.0.1, which every other test file shares, is never pushed.

// Dozens of argon2 logins in one test: more time than the suite's default, for a slow machine.
jest.setTimeout(120_000)

const LOGIN = '/api/v1/demo/account/login'
const USER = '/api/v1/demo/account/user'
const WRONG = 'Falsch-Passw0rt'

afterAll(releaseRegisteredAccounts)

type Ip = ReturnType<typeof uniqueClientIp>
type Captcha = { CaptchaId: string; CaptchaLoesung: string }

function attempt(email: string, password: string, ip: Ip, captcha?: Partial<Captcha>) {
  return call(LOGIN, { method: 'POST', headers: ip, body: { Email: email, Password: password, ...captcha } })
}

async function newChallenge(tenant = 'demo') {
  const response = await call(`/api/v1/${tenant}/captcha`, { method: 'POST' })
  expect(response.status).toBe(200)
  return captchaChallengeSchema.parse(response.json)
}

/** The answer of a challenge, from the development endpoint (what a person would read off the picture). */
async function answerOf(captchaId: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/dev/captcha/${captchaId}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { Loesung: string }).Loesung
}

async function solvedCaptcha(tenant = 'demo'): Promise<Captcha> {
  const { CaptchaId } = await newChallenge(tenant)
  return { CaptchaId, CaptchaLoesung: await answerOf(CaptchaId) }
}

/** A wrong answer that is surely wrong (the answer differs from it in its first character). */
function wrongAnswer(answer: string): string {
  return `${answer[0] === 'X' ? 'Y' : 'X'}${answer.slice(1)}`
}

/**
 * Eleven wrong passwords for one e-mail from one address, solving the captcha whenever it is demanded:
 * the answers as status and body text, in order.
 */
async function failElevenTimes(email: string, ip: Ip): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = []
  for (let i = 0; i < 3; i++) answers.push(await attempt(email, WRONG, ip))
  answers.push(await attempt(email, WRONG, ip))
  for (let i = 3; i < 11; i++) answers.push(await attempt(email, WRONG, ip, await solvedCaptcha()))
  return answers
}

function expectElevenFailures(answers: ApiResponse[]) {
  const codes = answers.map((a) => [a.status, (a.json as { Code: string }).Code])
  expect(codes).toEqual([
    ...Array.from({ length: 3 }, () => [401, 'PasswortOderEmailFalsch']),
    [400, 'CaptchaRequired'],
    ...Array.from({ length: 6 }, () => [401, 'PasswortOderEmailFalsch']),
    [403, 'KontoGesperrt'],
    [403, 'KontoGesperrt'],
  ])
  for (const [index, answer] of answers.entries()) {
    const [status, code] = codes[index] as [number, 'KontoGesperrt']
    expectError(answer, status, code)
  }
}

describe('POST /api/v1/{tenant}/captcha', () => {
  it('answers a challenge: an id, an SVG picture and its expiry in about five minutes', async () => {
    const before = Date.now()
    const response = await call('/api/v1/demo/captcha', { method: 'POST' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const challenge = captchaChallengeSchema.parse(response.json)
    expect(Object.keys(response.json as object).sort()).toEqual(['Bild', 'CaptchaId', 'GueltigBis'])
    const svg = Buffer.from(challenge.Bild.slice('data:image/svg+xml;base64,'.length), 'base64').toString()
    expect(svg).toMatch(/^<svg[\s>]/)
    const answer = await answerOf(challenge.CaptchaId)
    // The picture draws the answer as paths, never as text a program could read off.
    expect(svg).not.toContain(answer)
    expect(response.text).not.toContain(answer)
    const lifetime = Date.parse(challenge.GueltigBis) - before
    expect(lifetime).toBeGreaterThan(4 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(5 * 60 * 1000 + 5000)
    expect((await newChallenge()).CaptchaId).not.toBe(challenge.CaptchaId)
  })

  it('demands X-Requested-With and answers GET with 405', async () => {
    expectError(
      await call('/api/v1/demo/captcha', { method: 'POST', withoutRequestedWith: true }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(await call('/api/v1/demo/captcha'), 405, 'MethodeNichtErlaubt')
  })
})

describe('POST /api/v1/{tenant}/account/login: captcha after 3 failures', () => {
  it('demands a captcha from the 4th attempt, even with the right password, and a solved one lets in', async () => {
    const account = await registerAccount('demo', { label: 'captcha' })
    const ip = uniqueClientIp()
    for (let i = 0; i < 3; i++) {
      expectError(await attempt(account.email, WRONG, ip), 401, 'PasswortOderEmailFalsch')
    }
    expectError(await attempt(account.email, account.password, ip), 400, 'CaptchaRequired')
    expectError(
      await call(LOGIN, {
        method: 'POST',
        headers: ip,
        locale: 'en',
        body: { Email: account.email, Password: account.password },
      }),
      400,
      'CaptchaRequired',
      'en',
    )
    // The demand follows the e-mail, whatever address the attempt comes from.
    expectError(await attempt(account.email, account.password, uniqueClientIp()), 400, 'CaptchaRequired')

    const wrong = await newChallenge()
    const answer = await answerOf(wrong.CaptchaId)
    expectError(
      await attempt(account.email, account.password, ip, {
        CaptchaId: wrong.CaptchaId,
        CaptchaLoesung: wrongAnswer(answer),
      }),
      400,
      'CaptchaWrong',
    )
    // A challenge is used up by any attempt, a wrong one included.
    expectError(
      await attempt(account.email, account.password, ip, {
        CaptchaId: wrong.CaptchaId,
        CaptchaLoesung: answer,
      }),
      400,
      'CaptchaWrong',
    )

    const ok = await attempt(account.email, account.password, ip, await solvedCaptcha())
    expect(ok.status).toBe(200)
    expect(userSchema.parse(ok.json).email).toBe(account.email)

    // The success cleared the count: three more failures before the next captcha.
    for (let i = 0; i < 3; i++) {
      expectError(await attempt(account.email, WRONG, ip), 401, 'PasswortOderEmailFalsch')
    }
    expectError(await attempt(account.email, account.password, ip), 400, 'CaptchaRequired')
  })

  it('accepts a solved challenge once, only on its own tenant, and only with its answer', async () => {
    const account = await registerAccount('demo', { label: 'einmal' })
    const ip = uniqueClientIp()
    for (let i = 0; i < 3; i++) await attempt(account.email, WRONG, ip)

    const solved = await solvedCaptcha()
    expectError(await attempt(account.email, WRONG, ip, solved), 401, 'PasswortOderEmailFalsch')
    expectError(await attempt(account.email, account.password, ip, solved), 400, 'CaptchaWrong')

    const ofOtherTenant = await solvedCaptcha('demo-closed')
    expectError(await attempt(account.email, account.password, ip, ofOtherTenant), 400, 'CaptchaWrong')
    expectError(
      await attempt(account.email, account.password, ip, {
        CaptchaId: '00000000-0000-4000-8000-000000000000',
        CaptchaLoesung: 'ABCDE',
      }),
      400,
      'CaptchaWrong',
    )
    const unanswered = await newChallenge()
    expectError(
      await attempt(account.email, account.password, ip, { CaptchaId: unanswered.CaptchaId }),
      400,
      'CaptchaRequired',
    )
    expectError(
      await attempt(account.email, account.password, ip, {
        CaptchaId: 'keine-uuid',
        CaptchaLoesung: 'ABCDE',
      }),
      400,
      'UngueltigeEingabe',
    )
    // The answer is not case-sensitive and may carry blanks (people type what they read).
    const { CaptchaId } = await newChallenge()
    const answer = await answerOf(CaptchaId)
    const ok = await attempt(account.email, account.password, ip, {
      CaptchaId,
      CaptchaLoesung: ` ${answer.toLowerCase()} `,
    })
    expect(ok.status).toBe(200)
  })
})

describe('POST /api/v1/{tenant}/account/login: lock after 10 failures', () => {
  it('gives an unknown e-mail exactly the answers of a registered one, up to the lock', async () => {
    const account = await registerAccount('demo', { label: 'vergleich' })
    const known = await failElevenTimes(account.email, uniqueClientIp())
    const unknown = await failElevenTimes(uniqueTestEmail('niemand'), uniqueClientIp())
    expectElevenFailures(known)
    expectElevenFailures(unknown)
    expect(unknown.map((a) => [a.status, a.text])).toEqual(known.map((a) => [a.status, a.text]))
  })

  it('refuses the right password once locked, ends earlier sessions, and a reset via mail lifts it', async () => {
    const account = await registerAccount('demo', { label: 'sperre' })
    const earlier = await login('demo', account)
    const ip = uniqueClientIp()
    expectElevenFailures(await failElevenTimes(account.email, ip))

    expectError(await attempt(account.email, account.password, ip), 403, 'KontoGesperrt')
    expectError(
      await attempt(account.email, account.password, uniqueClientIp(), await solvedCaptcha()),
      403,
      'KontoGesperrt',
    )
    expectError(
      await attempt(account.email, account.password, uniqueClientIp(), undefined),
      403,
      'KontoGesperrt',
    )
    for (const token of [earlier.token, account.user.token]) {
      expectError(await call(USER, { token }), 401, 'PSOF0204')
    }
    // No other way in while locked: neither a support session nor a one-time link.
    const issued = await operatorCall('demo', 'adminLoginToken', {
      Email: account.email,
      Grund: 'Prüfung der Sperre',
      Bearbeiter: 'jest',
    })
    expectError(
      await call('/api/v1/demo/account/adminLogin', {
        method: 'POST',
        body: { Token: (issued.json as { Token: string }).Token },
      }),
      403,
      'KontoGesperrt',
    )

    // Whoever holds the mailbox is the owner: a new password lifts the lock.
    const requested = await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(account.email)}`)
    expect(requested.json).toEqual({ ok: true })
    const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
    expectError(await call(`${LOGIN}?token=${linkFrom(mail, '/demo/login')}`), 403, 'KontoGesperrt')
    const reset = await call('/api/v1/demo/account/resetPassword', {
      method: 'PUT',
      body: { Token: linkFrom(mail, '/demo/passwortsetzen'), Password: 'Wieder-Offen-2026' },
    })
    expect(reset.status).toBe(200)
    expect((await call(USER, { token: userSchema.parse(reset.json).token })).status).toBe(200)
    // The count is gone too: no captcha for the next login.
    const again = await attempt(account.email, 'Wieder-Offen-2026', ip)
    expect(again.status).toBe(200)
  })
})

describe('PUT /api/v1/{tenant}/operator/kontosperre', () => {
  it('locks one account (KontoGesperrtEinzel, only for the right password) until the operator lifts it', async () => {
    const account = await registerAccount('demo', { label: 'einzel' })
    const earlier = await login('demo', account)
    const ip = uniqueClientIp()
    const locked = await operatorCall('demo', 'kontosperre', {
      Email: account.email,
      Gesperrt: true,
      Bearbeiter: 'jest',
    })
    expect(locked.status).toBe(200)
    expect(locked.json).toEqual({ Gesperrt: true })
    expectError(await call(USER, { token: earlier.token }), 401, 'PSOF0204')
    expectError(await attempt(account.email, account.password, ip), 403, 'KontoGesperrtEinzel')
    expectError(await attempt(account.email, WRONG, ip), 401, 'PasswortOderEmailFalsch')

    // A password reset does not lift an operator's lock, and its link stays unused.
    await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(account.email)}`)
    const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
    const resetToken = linkFrom(mail, '/demo/passwortsetzen')
    expectError(
      await call('/api/v1/demo/account/resetPassword', {
        method: 'PUT',
        body: { Token: resetToken, Password: 'Neues-Passw0rt' },
      }),
      403,
      'KontoGesperrtEinzel',
    )
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

/** The envelope's CaptchaErforderlich: true when the next try needs a captcha, else absent. */
function captchaFlag(response: ApiResponse): boolean {
  return (response.json as { CaptchaErforderlich?: boolean }).CaptchaErforderlich === true
}

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
    const checked = answers.filter((a) => a.status === 401)
    expect(checked).toHaveLength(20)
    for (const answer of checked) expectError(answer, 401, 'PasswortOderEmailFalsch')
    expect(checked.filter(captchaFlag)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 401)
    expect(refused).toHaveLength(5)
    for (const answer of refused) expectError(answer, 400, 'CaptchaRequired')
    // The address has 20 failures, not more: a solved captcha still gets a password checked.
    expectError(
      await attempt(uniqueTestEmail('parallel-ip-danach'), WRONG, ip, await solvedCaptcha()),
      401,
      'PasswortOderEmailFalsch',
    )
  })
})
