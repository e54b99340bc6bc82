import { hasDisallowedCharacters } from './characters'

/**
 * What the portal's forms check in the browser before sending, as the main API's contracts check it:
 * the same limits, lists and patterns, which the contracts' zod schemas are built on. Without zod, so a
 * form's code in the browser does not carry it (the contracts are the server's and the tests').
 */

/**
 * zod's e-mail pattern (z.email(), zod 4's `regexes.email`), which the main API applies
 * (emailSchema in lib/contracts/account.ts); form-rules.test.ts keeps the two the same.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/

/** The longest e-mail address the main API takes. */
export const EMAIL_MAX_LENGTH = 254

/** Whether the main API takes this as an e-mail address (trimmed and lower-cased, as it keys them). */
export function isEmail(value: string): boolean {
  const email = value.trim()
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email.toLowerCase())
}

/** The forms of address a person chooses from (SPEC §3 Anrede), for referrers and friends alike. */
export const ANREDEN = ['Frau', 'Herr', 'Divers'] as const

/** A German postcode: five digits, of which none begins with 00 (the areas run from 01 to 99). */
export const POSTCODE_PATTERN = /^(?!00)\d{5}$/

/** The oldest age a date of birth may give: an older one is a typo (1899 for 1989). */
export const MAX_AGE_YEARS = 120

/** Telephone numbers as people write them: digits with +, spaces, slashes, dashes, brackets. */
export const PHONE = { maxLength: 30, pattern: /^\+?[\d\s/().-]+$/, digits: { min: 6, max: 15 } } as const

/** Whether a digit count is one a telephone number has. */
export function phoneDigitsFit(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return digits >= PHONE.digits.min && digits <= PHONE.digits.max
}

/** Whether the main API takes this as a telephone number (phoneSchema in lib/contracts/recipient.ts). */
export function isPhone(value: string): boolean {
  if (hasDisallowedCharacters(value, 'line')) return false
  const phone = value.trim()
  return phone.length <= PHONE.maxLength && PHONE.pattern.test(phone) && phoneDigitsFit(phone)
}

/** The provider's order number as printed on the order confirmation (as in the order reports). */
export const AUFTRAGSNUMMER_PATTERN = /^[A-Za-z0-9._/-]{1,40}$/

export function isAuftragsnummer(value: string): boolean {
  return AUFTRAGSNUMMER_PATTERN.test(value.trim())
}

/** An agent's or agency employee's number: letters, digits and hyphens, at most 20 (lib/contracts/agent.ts). */
export const AGENT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/

export function isAgentNumber(value: string): boolean {
  return AGENT_NUMBER_PATTERN.test(value.trim())
}

/** POST /kontakt: the lengths of its fields (trimmed). */
export const CONTACT_FIELD_LIMITS = {
  Name: { min: 2, max: 100 },
  Betreff: { min: 3, max: 150 },
  Nachricht: { min: 10, max: 5000 },
} as const

/** A goodwill claim (SPEC §7.3): the lengths of its fields (trimmed). */
export const GOODWILL_FIELD_LIMITS = {
  Name: { min: 1, max: 100 },
  Nachricht: { min: 10, max: 2000 },
} as const

/** Claims one referrer may file within 24 hours; the next is refused with ZuVieleAnfragen. */
export const GOODWILL_MAX_PER_DAY = 5

/** The earliest order date a claim may name: older orders are beyond any reward period. */
export const GOODWILL_EARLIEST_ORDER_DATE = '2000-01-01'

/** A customer number is 6 to 12 digits; as printed on an invoice it may be grouped by spaces. */
export const KUNDENNUMMER_DIGITS = { min: 6, max: 12 } as const

/** The longest input a customer number is taken from (spaces included). */
export const KUNDENNUMMER_MAX_INPUT = 40

export const KUNDENNUMMER_PATTERN = new RegExp(`^\\d{${KUNDENNUMMER_DIGITS.min},${KUNDENNUMMER_DIGITS.max}}$`)

/** Typed input: spaces (of any kind) are dropped, then only the digits are left to check. */
export function normalizeKundennummer(input: string): string {
  return input.replace(/\s+/g, '')
}

/** Whether typed input is a valid customer number (kundennummerSchema in lib/contracts/customer-number.ts). */
export function isKundennummer(input: string): boolean {
  return (
    !hasDisallowedCharacters(input, 'line') &&
    input.length <= KUNDENNUMMER_MAX_INPUT &&
    KUNDENNUMMER_PATTERN.test(normalizeKundennummer(input))
  )
}
