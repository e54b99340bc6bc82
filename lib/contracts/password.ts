import { z } from 'zod'

/**
 * The password rule of SPEC §5 (at least 8 characters with a lowercase letter, an uppercase letter and
 * a digit) and QUALITY (at most 128), as data: GET /account/passwortvalidator serves it, the forms and
 * the main API check with the same schema.
 */
export const PASSWORD_RULE = {
  MinLength: 8,
  MaxLength: 128,
  Kleinbuchstabe: true,
  Grossbuchstabe: true,
  Ziffer: true,
} as const

export type PasswordIssue = 'tooShort' | 'tooLong' | 'lowercase' | 'uppercase' | 'digit'

/** Every way a password misses the rule (empty when it meets it). */
export function passwordIssues(password: string): PasswordIssue[] {
  const issues: PasswordIssue[] = []
  if (password.length < PASSWORD_RULE.MinLength) issues.push('tooShort')
  if (password.length > PASSWORD_RULE.MaxLength) issues.push('tooLong')
  if (!/\p{Ll}/u.test(password)) issues.push('lowercase')
  if (!/\p{Lu}/u.test(password)) issues.push('uppercase')
  if (!/\p{Nd}/u.test(password)) issues.push('digit')
  return issues
}

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

/** The rule as one regular expression (JavaScript syntax, flag u) for clients that want a pattern. */
export const PASSWORD_PATTERN = `^(?=.*\\p{Ll})(?=.*\\p{Lu})(?=.*\\p{Nd}).{${PASSWORD_RULE.MinLength},${PASSWORD_RULE.MaxLength}}$`
