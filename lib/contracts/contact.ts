import { z } from 'zod'
import { captchaSolutionSchema, emailSchema } from './account'
import { captchaCheckSchema } from './recommendation'
import { freeText, personName, singleLine } from './text-input'
import { CONTACT_FIELD_LIMITS } from './form-rules'

/** Shared by the main-API handler of /kontakt and the portal's client (SPEC §2.2 Kontakt, §7.6). */

/** POST /kontakt: a contact request; the captcha solution goes with it when the server demands one. */
export const contactRequestSchema = z.object({
  // Name and subject end up in a mail's header and greeting: one line (lib/contracts/text-input.ts).
  Name: personName(CONTACT_FIELD_LIMITS.Name),
  Email: emailSchema,
  Betreff: singleLine(CONTACT_FIELD_LIMITS.Betreff),
  Nachricht: freeText(CONTACT_FIELD_LIMITS.Nachricht),
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
