import type { ZodError } from 'zod'
import type { ErrorCode, FieldIssue } from './errors'

/**
 * The refusal of input a contract does not take, the same wherever it is checked (the main API's
 * handlers, and the portal's client before it sends): a string that is not a valid e-mail address has a
 * code of its own (SPEC §8 EmailUngueltig); anything else is UngueltigeEingabe, also a missing,
 * empty-where-required, overlong or wrongly typed Email field (the login's Email is any text, and a type
 * error is malformed input, not an invalid address). Each issue is named by its field's path.
 */
export function inputRefusal(error: ZodError): { code: ErrorCode; fields: FieldIssue[] } {
  const fields = error.issues.map((issue) => ({
    Field: issue.path.join('.') || '(root)',
    Code: issue.code,
  }))
  const emailFormatOnly = error.issues.every(
    (issue) =>
      issue.code === 'invalid_format' &&
      issue.format === 'email' &&
      /(^|\.)Email$/i.test(issue.path.join('.')),
  )
  return { code: emailFormatOnly ? 'EmailUngueltig' : 'UngueltigeEingabe', fields }
}
