import { z } from 'zod'
import { emailSchema } from './account'
import { lineString, personName } from './text-input'
import { KUNDENNUMMER_MAX_INPUT, KUNDENNUMMER_PATTERN, normalizeKundennummer } from './form-rules'

/**
 * The referrer's customer number with the provider (SPEC §2.2 KundenNummer, BestandskundenAbfrage;
 * §7.3 SetKundennummerForEmpfehler, GetResultFromKundennummer): rewards can be credited against it
 * (reward kind 'credit'). Shared by the main-API handlers, the operator call and the portal's client.
 */

// Spaces go, line breaks and other control characters are refused like in every other field.
export const kundennummerSchema = lineString()
  .max(KUNDENNUMMER_MAX_INPUT)
  .transform(normalizeKundennummer)
  .pipe(z.string().regex(KUNDENNUMMER_PATTERN))

/**
 * The number as answers show it: only the last three digits, the rest as dots, so a screen, a log or
 * a mail never carries the whole number.
 */
export function maskKundennummer(digits: string): string {
  const visible = 3
  return `${'•'.repeat(Math.max(digits.length - visible, 0))}${digits.slice(-visible)}`
}

/** Keine: nothing stored. Ausstehend: stored, the provider has not checked it yet. */
export const CUSTOMER_NUMBER_STATES = ['Keine', 'Ausstehend', 'Bestaetigt', 'Abgelehnt'] as const
export type CustomerNumberState = (typeof CUSTOMER_NUMBER_STATES)[number]

/** What an operator can decide after checking a number with the provider. */
export const CUSTOMER_NUMBER_DECISIONS = ['Bestaetigt', 'Abgelehnt'] as const

/**
 * PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true: the path segment is the
 * number. `bestandskunde` records the referrer's answer to the BestandskundenAbfrage; only "true" is
 * accepted (a referrer who is not a customer has no number to store), and leaving it out means the
 * same. Other query parameters are ignored.
 */
export const setCustomerNumberQuerySchema = z.object({ bestandskunde: z.literal('true').optional() })

/** GET /empfehler/GetResultFromKundennummer/ and the answer of the PUT. */
export const customerNumberResultSchema = z.object({
  /** Masked (maskKundennummer); null while none is stored. */
  Kundennummer: z.string().nullable(),
  Status: z.enum(CUSTOMER_NUMBER_STATES),
  /** When the number or its status last changed (ISO 8601); null while none is stored. */
  GeaendertAm: z.string().nullable(),
})
export type CustomerNumberResult = z.infer<typeof customerNumberResultSchema>

/**
 * PUT /operator/kundennummer: the operator confirms or rejects a referrer's number after checking it with
 * the provider. `Kundennummer`, when given, must be the number on file, so a number the referrer changed
 * meanwhile is never confirmed unseen. Audited under `Bearbeiter`.
 */
export const reviewCustomerNumberRequestSchema = z.object({
  Email: emailSchema,
  Status: z.enum(CUSTOMER_NUMBER_DECISIONS),
  Bearbeiter: personName(),
  Kundennummer: kundennummerSchema.optional(),
})
export type ReviewCustomerNumberRequest = z.infer<typeof reviewCustomerNumberRequestSchema>

/** GET /operator/kundennummer?status=…: the numbers to check (default: those still Ausstehend). */
export const listCustomerNumbersQuerySchema = z.object({
  status: z.enum(['Ausstehend', 'Bestaetigt', 'Abgelehnt']).default('Ausstehend'),
})

/** One entry of the operator's list: the whole number, since the operator checks it with the provider. */
export const customerNumberEntrySchema = z.object({
  Email: z.string(),
  Vorname: z.string(),
  Nachname: z.string(),
  Kundennummer: z.string(),
  Status: z.enum(CUSTOMER_NUMBER_STATES),
  GeaendertAm: z.string(),
})
export type CustomerNumberEntry = z.infer<typeof customerNumberEntrySchema>
