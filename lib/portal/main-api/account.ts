import 'server-only'
import {
  captchaChallengeSchema,
  changePasswordRequestSchema,
  createEmpfehlerRequestSchema,
  loginRequestSchema,
  mailAcceptedSchema,
  okSchema,
  resetPasswordRequestSchema,
  updateLanguageResponseSchema,
  userSchema,
  validateResetPasswordResponseSchema,
  type CreateEmpfehlerRequest,
  type LoginRequest,
  type User,
} from '@/lib/contracts/account'
import { passwordValidatorSchema, type PasswordValidator } from '@/lib/contracts/password'
import type { Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import { withClientIp, type ApiContext, type AuthContext, type TenantContext } from './context'
import { read, send, requestBody } from './request'

/** The referrer's account: login and logout, registration, password, language, deletion. */

/** POST /account/login (§7.2): e-mail and password; the engine counts failures per IP. */
export function login(ctx: ApiContext, input: LoginRequest): Promise<User> {
  return send(ctx, {
    path: '/account/login',
    method: 'POST',
    body: requestBody(loginRequestSchema, input),
    clientIp: ctx.clientIp,
    schema: userSchema,
  })
}

/** GET /account/login/?token= (§7.2): the one-time login link of a mail. */
export function loginWithLink(ctx: ApiContext, token: string): Promise<User> {
  // Uses the link up: never shared between callers like a read.
  return send(ctx, { path: `/account/login/?token=${encodeURIComponent(token)}`, schema: userSchema })
}

/** POST /account/adminLogin (§7.2, path not shown there): a support session with an operator's token. */
export function loginWithAdminToken(ctx: ApiContext, token: string): Promise<User> {
  return send(ctx, {
    path: '/account/adminLogin',
    method: 'POST',
    body: { Token: token },
    schema: userSchema,
  })
}

/** A captcha's id and the characters typed for it, sent with the try it protects. */
export type CaptchaSolution = { CaptchaId: string; CaptchaLoesung: string }

/**
 * POST /captcha (beside §7): a new captcha picture for a form that demands one. The engine counts new
 * pictures per client address, so the browser's goes with the call (never this server's for all).
 */
export async function createCaptcha(ctx: ApiContext) {
  const counted = 'clientIp' in ctx ? ctx : await withClientIp(ctx)
  return send(counted, { path: '/captcha', method: 'POST', schema: captchaChallengeSchema })
}

/**
 * POST /account/createEmpfehler (§7.2): registers a referrer; the welcome mail follows. Counted per
 * client address (pass the context withClientIp).
 */
export function createReferrer(ctx: ApiContext, input: CreateEmpfehlerRequest) {
  return send(ctx, {
    path: '/account/createEmpfehler',
    method: 'POST',
    body: requestBody(createEmpfehlerRequestSchema, input),
    schema: mailAcceptedSchema,
    clientIp: ctx.clientIp,
  })
}

/** GET /account/resetPassword/{email} (§7.2): mails the link to set a new password. */
export function requestPasswordReset(ctx: ApiContext, email: string) {
  return send(ctx, {
    path: `/account/resetPassword/${encodeURIComponent(email)}`,
    schema: mailAcceptedSchema,
  })
}

/** GET /account/resetPassword/{email}?zweck=anmeldung (§7.2): mails a one-time login link (SPEC §1). */
export function requestLoginLink(ctx: ApiContext, email: string) {
  return send(ctx, {
    path: `/account/resetPassword/${encodeURIComponent(email)}?zweck=anmeldung`,
    schema: mailAcceptedSchema,
  })
}

/** GET /account/resendWelcomeMail/{email} (§7.2): the welcome mail again. */
export function resendWelcomeMail(ctx: ApiContext, email: string) {
  return send(ctx, {
    path: `/account/resendWelcomeMail/${encodeURIComponent(email)}`,
    schema: mailAcceptedSchema,
  })
}

/**
 * GET /account/passwortvalidator (§7.2, SPEC §5 "a server password validator is also fetched"): the
 * rule the password forms check and list; null when it cannot be read (the forms keep the built-in one).
 */
export async function getPasswordValidator(ctx: ApiContext): Promise<PasswordValidator | null> {
  try {
    return await read(ctx, { path: '/account/passwortvalidator', schema: passwordValidatorSchema })
  } catch (error) {
    log.info('account/passwortvalidator unavailable; the built-in password rule applies', {
      error: String(error),
    })
    return null
  }
}

/** PUT /account/validateResetPassword (§7.2): checks a mailed password link without using it. */
export function validatePasswordResetToken(ctx: ApiContext, token: string) {
  return send(ctx, {
    path: '/account/validateResetPassword',
    method: 'PUT',
    body: { Token: token },
    schema: validateResetPasswordResponseSchema,
  })
}

/** PUT /account/resetPassword (§7.2): sets the password with a mailed link; answers the logged-in User. */
export function resetPassword(ctx: ApiContext, input: { token: string; password: string }): Promise<User> {
  return send(ctx, {
    path: '/account/resetPassword',
    method: 'PUT',
    body: requestBody(resetPasswordRequestSchema, { Token: input.token, Password: input.password }),
    schema: userSchema,
  })
}

/** PUT /account/resetPasswordWithoutToken (§7.2): a new password with the current one; answers the new token. */
export function changePassword(
  ctx: AuthContext,
  input: { OldPassword: string; Password: string },
): Promise<User> {
  return send(ctx, {
    path: '/account/resetPasswordWithoutToken',
    method: 'PUT',
    body: requestBody(changePasswordRequestSchema, input),
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: userSchema,
  })
}

/** GET /account/user (§7.2): the logged-in account as it is now. */
export function getUser(ctx: AuthContext): Promise<User> {
  return read(ctx, { path: '/account/user', token: ctx.token, schema: userSchema })
}

/** POST /account/updateLanguage (§7.2): stores the referrer's language, and asks in it. */
export function updateLanguage(ctx: AuthContext, language: Locale) {
  return send(
    { ...ctx, locale: language },
    {
      path: '/account/updateLanguage',
      method: 'POST',
      body: { Language: language },
      token: ctx.token,
      schema: updateLanguageResponseSchema,
    },
  )
}

/** POST /account/logout (beside §7.2): ends every session of the referrer. */
export function logout(ctx: TenantContext & { token: string }) {
  return send(ctx, {
    path: '/account/logout',
    method: 'POST',
    token: ctx.token,
    language: false,
    schema: okSchema,
  })
}

/** DELETE /empfehler/delete (§7.3): deletes the account and its personal data. */
export function deleteAccount(ctx: AuthContext) {
  return send(ctx, { path: '/empfehler/delete', method: 'DELETE', token: ctx.token, schema: okSchema })
}
