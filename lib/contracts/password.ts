import { z } from 'zod'
import { passwordIssues } from './password-rule'

export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const issue of passwordIssues(value)) ctx.addIssue({ code: 'custom', message: issue })
})

export const passwordValidatorSchema = z.object({
  MinLength: z.number().int(),
  MaxLength: z.number().int(),
  Kleinbuchstabe: z.boolean(),
  Grossbuchstabe: z.boolean(),
  Ziffer: z.boolean(),
  Muster: z.string(),
  Meldung: z.string(),
})
export type PasswordValidator = z.infer<typeof passwordValidatorSchema>
