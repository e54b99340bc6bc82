import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'
import { passwordSchema } from './password'
import { freeText, personName, singleLine } from './text-input'
import { ANREDEN, EMAIL_MAX_LENGTH } from './form-rules'

/** Shared by the main-API handlers and the portal's client (SPEC §3 User, §7.2, §7.3). */

/** An e-mail as the engine keys it: trimmed, lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .transform((value) => value.toLowerCase())
  .pipe(z.email())

/** Single-use tokens from mails and the operator: 32 random bytes, base64url. */
export const secretTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

export const captchaSolutionSchema = {
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
}

export const loginRequestSchema = z.object({
  Email: z.string().trim().min(1).max(254),
  Password: z.string().min(1).max(128),
  ...captchaSolutionSchema,
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const userSchema = z.object({
  username: z.string(),
  anrede: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  email: z.string(),
  empfehlerHash: z.string(),
  token: z.string(),
  newsletterpermission: z.boolean(),
  newsletterpermissionversendetam: z.string().nullable(),
  language: z.enum(LOCALES),
  admin: z.boolean().optional(),
})
export type User = z.infer<typeof userSchema>

export const updateLanguageRequestSchema = z.object({ Language: z.enum(LOCALES) })
export const updateLanguageResponseSchema = z.object({ language: z.enum(LOCALES) })

/** POST /account/createEmpfehler; Anrede and AgbText (the terms text the person accepted) are optional. */
export const createEmpfehlerRequestSchema = z.object({
  Vorname: personName(),
  Nachname: personName(),
  Email: emailSchema,
  Anrede: z.enum(ANREDEN).optional(),
  AgbText: freeText({ min: 1, max: 20000 }).optional(),
})
export type CreateEmpfehlerRequest = z.infer<typeof createEmpfehlerRequestSchema>

/** The answer of every call that may send a mail: the same whether or not the e-mail is registered. */
export const mailAcceptedSchema = z.object({ ok: z.literal(true) })

/**
 * The query of GET /account/resetPassword/{email} (§7.2 "?query"): which way into the account the mail
 * brings — a new password with a login link (default), or only a one-time login link.
 */
export const mailLinkQuerySchema = z.object({ zweck: z.enum(['passwort', 'anmeldung']).default('passwort') })
export type MailLinkPurpose = z.infer<typeof mailLinkQuerySchema>['zweck']

export const loginLinkQuerySchema = z.object({ token: secretTokenSchema })

export const validateResetPasswordRequestSchema = z.object({ Token: secretTokenSchema })
export const validateResetPasswordResponseSchema = z.object({
  Email: z.string(),
  Zweck: z.enum(['Registrierung', 'PasswortZuruecksetzen']),
  GueltigBis: z.string(),
})
export type ValidateResetPasswordResponse = z.infer<typeof validateResetPasswordResponseSchema>

export const resetPasswordRequestSchema = z.object({ Token: secretTokenSchema, Password: passwordSchema })
export const changePasswordRequestSchema = z.object({
  OldPassword: z.string().min(1).max(128),
  Password: passwordSchema,
})

export const adminLoginRequestSchema = z.object({ Token: secretTokenSchema })

/** The version of the newsletter consent text (messages → Newsletter.consentText); raise it when the text changes. */
export const NEWSLETTER_CONSENT_VERSION = 'newsletter-2026-11'

export const NEWSLETTER_STATES = ['optedIn', 'pending', 'optedOut'] as const
export type NewsletterState = (typeof NEWSLETTER_STATES)[number]
export const newsletterStatusSchema = z.object({
  Status: z.enum(NEWSLETTER_STATES),
  newsletterpermission: z.boolean(),
  newsletterpermissionversendetam: z.string().nullable(),
})
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>
export const newsletterTokenRequestSchema = z.object({ Token: secretTokenSchema })
export const newsletterOptoutRequestSchema = z.object({ Token: z.string().max(200).optional() })

export const captchaChallengeSchema = z.object({
  CaptchaId: z.uuid(),
  Bild: z.string().startsWith('data:image/png;base64,'),
  GueltigBis: z.string(),
})
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>

/** Operator calls (support tools): admin login token and individual locks. */
export const adminLoginTokenRequestSchema = z.object({
  Email: emailSchema,
  Grund: singleLine({ min: 3, max: 500 }),
  Bearbeiter: personName(),
})
export const adminLoginTokenResponseSchema = z.object({
  Token: secretTokenSchema,
  Url: z.string(),
  GueltigBis: z.string(),
})
export const accountLockRequestSchema = z.object({
  Email: emailSchema,
  Gesperrt: z.boolean(),
  Bearbeiter: personName(),
})

/** POST /account/logout, DELETE /empfehler/delete: done. */
export const okSchema = z.object({ ok: z.boolean() })
