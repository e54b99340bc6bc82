import { z } from 'zod'
import { recommendationNumberSchema } from './recommendation'
import { freeText, personName } from './text-input'
import { AUFTRAGSNUMMER_PATTERN, GOODWILL_EARLIEST_ORDER_DATE, GOODWILL_FIELD_LIMITS } from './form-rules'

/**
 * A goodwill claim (Kulanz): a logged-in referrer whose friend ordered but whose reward is missing asks
 * support to look into it (POST /empfehler/kulanz). Shared by the main-API handler and the portal.
 */

// Names end up in a mail's subject and text: one line (lib/contracts/text-input.ts).
const name = personName(GOODWILL_FIELD_LIMITS.Name)

/** A calendar day as YYYY-MM-DD that exists (no 31.02.). */
export const isoDaySchema = z.iso
  .date()
  // Only a well-formed day is compared, so a malformed one reports its format alone.
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || value >= GOODWILL_EARLIEST_ORDER_DATE, {
    message: 'too early',
  })

/** The provider's order number as printed on the order confirmation (as in the order reports). */
export const auftragsnummerSchema = z.string().trim().regex(AUFTRAGSNUMMER_PATTERN)

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
