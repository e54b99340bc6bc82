import { z } from 'zod'
import { captchaSolutionSchema, emailSchema } from './account'
import { captchaCheckSchema } from './recommendation'

/** Shared by the main-API handler of /kontakt and the portal's client (SPEC §2.2 Kontakt, §7.6). */

/** Lengths of the contact form's fields, in characters (the form and the API check the same). */
export const CONTACT_FIELD_LIMITS = {
  Name: { min: 2, max: 100 },
  Betreff: { min: 3, max: 150 },
  Nachricht: { min: 10, max: 5000 },
} as const

// One line: no control characters at all (name and subject end up in a mail's header and greeting).
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/
// The message may have line breaks and tabs, no other control characters.
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/

const line = (limits: { min: number; max: number }) =>
  z.string().trim().min(limits.min).max(limits.max).regex(SINGLE_LINE)

/** POST /kontakt: a contact request; the captcha solution goes with it when the server demands one. */
export const contactRequestSchema = z.object({
  Name: line(CONTACT_FIELD_LIMITS.Name),
  Email: emailSchema,
  Betreff: line(CONTACT_FIELD_LIMITS.Betreff),
  // Browsers send a textarea's line breaks as CRLF: counted and stored as one \n each, as typed.
  Nachricht: z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .min(CONTACT_FIELD_LIMITS.Nachricht.min)
    .max(CONTACT_FIELD_LIMITS.Nachricht.max)
    .regex(MULTI_LINE),
  /** The privacy notice was read and the processing agreed to: only `true` is accepted. */
  DatenschutzAkzeptiert: z.literal(true),
  ...captchaSolutionSchema,
})
export type ContactRequest = z.infer<typeof contactRequestSchema>
export type ContactRequestInput = z.input<typeof contactRequestSchema>

/** The answer to an accepted request. */
export const contactAcceptedSchema = z.object({ Id: z.uuid(), ErstelltAm: z.string() })
export type ContactAccepted = z.infer<typeof contactAcceptedSchema>

/** GET /kontakt?cmd=…: the only command is the captcha check. */
export const contactQuerySchema = z.object({ cmd: z.literal('IsCaptchaRequired') })

/**
 * GET /kontakt?cmd=IsCaptchaRequired answers like the body-less POST Empfehlen/create, but never with a
 * challenge: a GET changes nothing, so the client asks POST /captcha for the picture.
 */
export const contactCaptchaCheckSchema = captchaCheckSchema
