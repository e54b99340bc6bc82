/**
 * The password rule of SPEC §5 (at least 8 characters with a lowercase letter, an uppercase letter and
 * a digit) and QUALITY (at most 128), as data: GET /account/passwortvalidator serves it, the forms and
 * the main API check with the same rule (passwordSchema in lib/contracts/password.ts). Without zod,
 * so a form's code in the browser does not carry it.
 */
export const PASSWORD_RULE = {
  MinLength: 8,
  MaxLength: 128,
  Kleinbuchstabe: true,
  Grossbuchstabe: true,
  Ziffer: true,
} as const

export type PasswordIssue = 'tooShort' | 'tooLong' | 'lowercase' | 'uppercase' | 'digit'

/** A password rule as GET /account/passwortvalidator describes it (the built-in one: PASSWORD_RULE). */
export type PasswordRule = {
  MinLength: number
  MaxLength: number
  Kleinbuchstabe: boolean
  Grossbuchstabe: boolean
  Ziffer: boolean
}

/** Every way a password misses a rule (empty when it meets it); by default the built-in rule. */
export function passwordIssues(password: string, rule: PasswordRule = PASSWORD_RULE): PasswordIssue[] {
  const issues: PasswordIssue[] = []
  if (password.length < rule.MinLength) issues.push('tooShort')
  if (password.length > rule.MaxLength) issues.push('tooLong')
  if (rule.Kleinbuchstabe && !/\p{Ll}/u.test(password)) issues.push('lowercase')
  if (rule.Grossbuchstabe && !/\p{Lu}/u.test(password)) issues.push('uppercase')
  if (rule.Ziffer && !/\p{Nd}/u.test(password)) issues.push('digit')
  return issues
}

/** The rule as one regular expression (JavaScript syntax, flag u) for clients that want a pattern. */
export const PASSWORD_PATTERN = `^(?=.*\\p{Ll})(?=.*\\p{Lu})(?=.*\\p{Nd}).{${PASSWORD_RULE.MinLength},${PASSWORD_RULE.MaxLength}}$`
