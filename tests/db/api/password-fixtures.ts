import { MAIL_SUBJECTS, releaseRegisteredAccounts, type RegisteredAccount } from '../support/accounts'
import { call, uniqueClientIp } from '../support/http'
import { linkFrom, waitForMail, type Mail } from '../support/mailbox'

// Password forgotten (GET account/resetPassword/{email}), checking and using its link (PUT
// account/validateResetPassword, PUT account/resetPassword) and the change while logged in (PUT
// account/resetPasswordWithoutToken). Each test registers accounts of its own through the API.

export const USER = '/api/v1/demo/account/user'
export const LOGIN = '/api/v1/demo/account/login'
export const VALIDATE = '/api/v1/demo/account/validateResetPassword'
export const RESET = '/api/v1/demo/account/resetPassword'
export const CHANGE = '/api/v1/demo/account/resetPasswordWithoutToken'
export const NEW_PASSWORD = 'Neues-Passw0rt'

afterAll(releaseRegisteredAccounts)

export const requestReset = (email: string, options = {}, query = '') =>
  call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(email)}${query}`, options)

/** Asks for the password-forgotten mail of the account and answers it with its two tokens. */
export async function resetMailOf(
  account: RegisteredAccount,
): Promise<{ mail: Mail; reset: string; login: string }> {
  const response = await requestReset(account.email)
  expect({ status: response.status, body: response.json }).toEqual({ status: 200, body: { ok: true } })
  const mail = await waitForMail('demo', account.email, { subject: MAIL_SUBJECTS.resetPassword })
  return { mail, reset: linkFrom(mail, '/demo/passwortsetzen'), login: linkFrom(mail, '/demo/login') }
}

/** A password login from an address of the test's own (failures do not count for 127.0.0.1). */
export function tryLogin(email: string, password: string) {
  return call(LOGIN, {
    method: 'POST',
    headers: uniqueClientIp(),
    body: { Email: email, Password: password },
  })
}
