import { z } from 'zod'
import { recommendationNumberSchema } from './recommendation'
import { freeText, personName } from './text-input'

/**
 * A goodwill claim (Kulanz): a logged-in referrer whose friend ordered but whose reward is missing asks
 * support to look into it (POST /empfehler/kulanz). Shared by the main-API handler and the portal.
 */

/** Lengths of the claim's text fields, in characters (the form and the API check the same). */
export const GOODWILL_FIELD_LIMITS = {
  Name: { min: 1, max: 100 },
  Nachricht: { min: 10, max: 2000 },
} as const

/** Claims one referrer may file within 24 hours; the next is refused with ZuVieleAnfragen. */
export const GOODWILL_MAX_PER_DAY = 5

// Names end up in a mail's subject and text: one line (lib/contracts/text-input.ts).
const name = personName(GOODWILL_FIELD_LIMITS.Name)

/** The earliest order date a claim may name: older orders are beyond any reward period. */
export const GOODWILL_EARLIEST_ORDER_DATE = '2000-01-01'

/** A calendar day as YYYY-MM-DD that exists (no 31.02.). */
export const isoDaySchema = z.iso
  .date()
  // Only a well-formed day is compared, so a malformed one reports its format alone.
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || value >= GOODWILL_EARLIEST_ORDER_DATE, {
    message: 'too early',
  })

/** The provider's order number as printed on the order confirmation (as in the order reports). */
export const auftragsnummerSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._/-]{1,40}$/)

export const goodwillClaimRequestSchema = z.object({
  /** The friend who ordered. */
  VornameFreund: name,
  NachnameFreund: name,
  /** When the friend ordered (YYYY-MM-DD; the form takes DD.MM.YYYY); not after today. */
  Auftragsdatum: isoDaySchema.nullable().optional(),
  Auftragsnummer: auftragsnummerSchema.nullable().optional(),
  /** One of the referrer's own recommendations the order belongs to. */
  Empfehlungsnummer: recommendationNumberSchema.nullable().optional(),
  Nachricht: freeText(GOODWILL_FIELD_LIMITS.Nachricht),
})
export type GoodwillClaimRequest = z.infer<typeof goodwillClaimRequestSchema>
export type GoodwillClaimInput = z.input<typeof goodwillClaimRequestSchema>

/** The answer to an accepted claim. */
export const goodwillClaimAcceptedSchema = z.object({ Id: z.uuid(), ErstelltAm: z.string() })
export type GoodwillClaimAccepted = z.infer<typeof goodwillClaimAcceptedSchema>
