import { captchaChallengeSchema, userSchema } from '@/lib/contracts/account'
import { MAIL_SUBJECTS, operatorCall, registerAccount } from '../support/accounts'
import { call, expectError, login, uniqueClientIp } from '../support/http'
import { linkFrom, uniqueTestEmail, waitForMail } from '../support/mailbox'
import {
  LOGIN,
  USER,
  WRONG,
  attempt,
  newChallenge,
  answerOf,
  solvedCaptcha,
  wrongAnswer,
  failElevenTimes,
  expectElevenFailures,
} from './login-fixtures'

describe('POST /api/v1/{tenant}/captcha', () => {
  it('answers a challenge: an id, a PNG picture and its expiry in about five minutes', async () => {
    const before = Date.now()
    const response = await call('/api/v1/demo/captcha', { method: 'POST', headers: uniqueClientIp() })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const challenge = captchaChallengeSchema.parse(response.json)
    expect(Object.keys(response.json as object).sort()).toEqual(['Bild', 'CaptchaId', 'GueltigBis'])
    const png = Buffer.from(challenge.Bild.slice('data:image/png;base64,'.length), 'base64')
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    const answer = await answerOf(challenge.CaptchaId)
    // The picture draws the answer in pixels, never as text a program could read off.
    expect(png.toString('latin1')).not.toContain(answer)
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

  it('refuses a client more than 120 pictures within the hour; another client still gets one', async () => {
    const client = uniqueClientIp()
    const picture = () => call('/api/v1/demo/captcha', { method: 'POST', headers: client })
    for (let i = 0; i < 120; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, picture))
      expect(batch.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    }
    expectError(await picture(), 429, 'ZuVieleAnfragen')
    expect((await call('/api/v1/demo/captcha', { method: 'POST', headers: uniqueClientIp() })).status).toBe(
      200,
    )
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
