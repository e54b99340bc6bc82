import { captchaChallengeSchema } from '@/lib/contracts/account'
import { releaseRegisteredAccounts } from '../support/accounts'
import { call, expectError, uniqueClientIp, type ApiResponse } from '../support/http'
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

export const LOGIN = '/api/v1/demo/account/login'
export const USER = '/api/v1/demo/account/user'
export const WRONG = 'Falsch-Passw0rt'

afterAll(releaseRegisteredAccounts)

export type Ip = ReturnType<typeof uniqueClientIp>
export type Captcha = { CaptchaId: string; CaptchaLoesung: string }

export function attempt(email: string, password: string, ip: Ip, captcha?: Partial<Captcha>) {
  return call(LOGIN, { method: 'POST', headers: ip, body: { Email: email, Password: password, ...captcha } })
}

export async function newChallenge(tenant = 'demo') {
  const response = await call(`/api/v1/${tenant}/captcha`, { method: 'POST', headers: uniqueClientIp() })
  expect(response.status).toBe(200)
  return captchaChallengeSchema.parse(response.json)
}

/** The answer of a challenge, from the development endpoint (what a person would read off the picture). */
export async function answerOf(captchaId: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/dev/captcha/${captchaId}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { Loesung: string }).Loesung
}

export async function solvedCaptcha(tenant = 'demo'): Promise<Captcha> {
  const { CaptchaId } = await newChallenge(tenant)
  return { CaptchaId, CaptchaLoesung: await answerOf(CaptchaId) }
}

/** A wrong answer that is surely wrong (the answer differs from it in its first character). */
export function wrongAnswer(answer: string): string {
  return `${answer[0] === 'X' ? 'Y' : 'X'}${answer.slice(1)}`
}

/**
 * Eleven wrong passwords for one e-mail from one address, solving the captcha whenever it is demanded:
 * the answers as status and body text, in order.
 */
export async function failElevenTimes(email: string, ip: Ip): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = []
  for (let i = 0; i < 3; i++) answers.push(await attempt(email, WRONG, ip))
  answers.push(await attempt(email, WRONG, ip))
  for (let i = 3; i < 11; i++) answers.push(await attempt(email, WRONG, ip, await solvedCaptcha()))
  return answers
}

export function expectElevenFailures(answers: ApiResponse[]) {
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
