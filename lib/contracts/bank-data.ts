import { z } from 'zod'

/**
 * A bank account as the main API takes and answers it (SPEC §3 Bank account: IBAN and account holder),
 * for the recipient's POST /empfaenger/bankdaten and the referrer's GET/PUT/DELETE
 * /empfehler/bankdaten/. Shared by the handlers and the portal's client. The IBAN itself is checked by
 * the engine (lib/banking/iban.ts), which answers IbanUngueltig or IbanNichtDeutsch.
 */

/** Control characters (line breaks, NUL …) have no place in a name that goes into a transfer. */
const noControlCharacters = /^[^\p{Cc}]*$/u

export const bankDataRequestSchema = z.object({
  IBAN: z.string().trim().min(1).max(50),
  Kontoinhaber: z.string().trim().min(2).max(140).regex(noControlCharacters),
})
export type BankDataRequest = z.input<typeof bankDataRequestSchema>

/** Bank data as answered: the IBAN masked, never in full. */
export const bankDataResponseSchema = z.object({ IBAN: z.string(), Kontoinhaber: z.string() })

/**
 * GET, PUT and DELETE /empfehler/bankdaten/ (EmpfehlerBankdaten, ModuleStoringBankdata): the referrer's
 * stored account masked, with the time of its last change; all three null when none is stored.
 */
export const referrerBankDataSchema = z.union([
  z.object({ IBAN: z.string(), Kontoinhaber: z.string(), GeaendertAm: z.iso.datetime() }),
  z.object({ IBAN: z.null(), Kontoinhaber: z.null(), GeaendertAm: z.null() }),
])
export type ReferrerBankData = z.infer<typeof referrerBankDataSchema>
