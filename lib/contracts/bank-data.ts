import { z } from 'zod'
import { personName } from './text-input'

/**
 * A bank account as the main API takes and answers it (SPEC §3 Bank account: IBAN and account holder),
 * for the recipient's POST /empfaenger/bankdaten and the referrer's GET/PUT/DELETE
 * /empfehler/bankdaten/. Shared by the handlers and the portal's client. The IBAN itself is checked by
 * the engine (lib/shared/iban.ts), which answers IbanUngueltig or IbanNichtDeutsch.
 */

export const bankDataRequestSchema = z.object({
  IBAN: z.string().trim().min(1).max(50),
  // The holder's name goes into a transfer: one line (lib/contracts/text-input.ts).
  Kontoinhaber: personName({ min: 2, max: 140 }),
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
