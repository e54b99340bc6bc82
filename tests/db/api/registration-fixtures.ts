import { randomBytes } from 'node:crypto'
import { MAIL_SUBJECTS, releaseRegisteredAccounts, trackForRelease } from '../support/accounts'
import { call, uniqueClientIp } from '../support/http'
import { mailsTo, waitForMail } from '../support/mailbox'

// Registration (POST account/createEmpfehler), the welcome mail and its links, the one-time login by
// link (GET account/login?token=), GET account/resendWelcomeMail/{email} and GET
// account/passwortvalidator. Every account is made through the API with a unique e-mail and deleted
// again in afterAll, so the file runs on PGlite and on a shared PostgreSQL alike.

export const CREATE = '/api/v1/demo/account/createEmpfehler'
export const LOGIN = '/api/v1/demo/account/login'
export const VALIDATE = '/api/v1/demo/account/validateResetPassword'

afterAll(releaseRegisteredAccounts)

export function createBody(email: string, extra: Record<string, unknown> = {}) {
  return { Vorname: 'Jest', Nachname: 'Registrierung', Email: email, ...extra }
}

/** A token of the right shape (32 random bytes, base64url) that was never issued. */
export function unknownToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Proves that an earlier refused request stored nothing and sent nothing: a proper registration of the
 * same e-mail now gets the welcome mail (an existing account would get the accountExists hint instead),
 * and it is the only mail the address ever received.
 */
export async function expectNothingStoredFor(email: string) {
  const created = await call(CREATE, { method: 'POST', headers: uniqueClientIp(), body: createBody(email) })
  expect(created.status).toBe(200)
  trackForRelease('demo', email)
  await waitForMail('demo', email, { subject: MAIL_SUBJECTS.welcome })
  expect((await mailsTo('demo', email)).map((m) => m.Betreff)).toEqual([
    expect.stringMatching(MAIL_SUBJECTS.welcome),
  ])
}
