import { z } from 'zod'
import { isErrorCode, type ErrorCode } from '@/lib/shared/errors'

/**
 * The envelope of every main-API error (lib/shared/errors.ts ErrorEnvelope), as the portal reads it: a code of
 * the catalogue, field issues, and CaptchaErforderlich when the next try needs a solved
 * captcha (the form then shows the picture with this answer).
 */
export const errorEnvelopeSchema = z.object({
  Code: z.custom<ErrorCode>((value) => typeof value === 'string' && isErrorCode(value)),
  // The portal shows its own texts for the code; an external main API may leave the text out.
  Message: z.string().optional(),
  Fields: z.array(z.object({ Field: z.string(), Code: z.string() })).optional(),
  CaptchaErforderlich: z.literal(true).optional(),
})
