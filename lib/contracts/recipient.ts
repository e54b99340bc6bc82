import { z } from 'zod'
import { agentListEntrySchema } from './agent'
import { captchaSolutionSchema, emailSchema, secretTokenSchema } from './account'
import { freeText, lineString, personName } from './text-input'
import { ANREDEN, PHONE, phoneDigitsFit, POSTCODE_PATTERN } from './form-rules'
import { CAMPAIGN_VALUE, CAMPAIGN_VALUE_MAX } from '@/lib/shared/campaign-value'

/** Shared by the main-API handlers and the portal's client (SPEC §7.5, the recipient's side). */

export const LANDING_STATES = ['Ok', 'Abgelaufen', 'Gesperrt'] as const
export type LandingState = (typeof LANDING_STATES)[number]

/** What a visitor of a recommendation link sees: who recommends what, and what the friend gets. */
export const landingSchema = z.object({
  Empfehlungsnummer: z.string(),
  Status: z.enum(LANDING_STATES),
  /** First name and the initial of the last name; null once the account is gone. */
  Empfehler: z.object({ Vorname: z.string(), Nachname: z.string() }).nullable(),
  Produkt: z.object({ Id: z.number().int(), AnzeigeName: z.string() }),
  AnteilEmpfehler: z.number().int(),
  /** The friend's reward under the referrer's share (capped by MaxEmpfaengerPraemieCent); 0 when none. */
  PraemieEmpfaengerCent: z.number().int(),
  PraemieEmpfehlerCent: z.number().int(),
  GueltigBis: z.string().nullable(),
  /**
   * The sales agent recommended with the product (EmpfehlenAgent), while the agent is active; null
   * otherwise (and where a main API does not send it).
   */
  Berater: agentListEntrySchema.nullable().default(null),
})
export type Landing = z.infer<typeof landingSchema>

/** A campaign value from an address (channel, entry source): lib/shared/campaign-value.ts. */
export const campaignValueSchema = z.string().trim().max(CAMPAIGN_VALUE_MAX).regex(CAMPAIGN_VALUE)

/** Where a visitor came from: the channel of a shared link, and the entry source of a code. */
export const visitQuerySchema = z.object({
  channel: campaignValueSchema.optional(),
  empfaengernummer: lineString().trim().max(40).optional(),
})

export const codeQuerySchema = z.object({
  einsprungsquelle: campaignValueSchema.optional(),
  ...captchaSolutionSchema,
})

/** An offline code as people type it: letters and digits, with or without dash and spaces. */
export const offlineCodeInputSchema = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/))

/** A date of birth as the API takes it: 'YYYY-MM-DD' or that day at midnight UTC (SPEC §3: UTC). */
export const birthDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/)
  .transform((v) => v.slice(0, 10))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
  }, 'invalid_date')

/** Telephone numbers as people write them (lib/contracts/form-rules.ts PHONE). */
export const phoneSchema = lineString()
  .trim()
  .max(PHONE.maxLength)
  .regex(PHONE.pattern)
  .refine(phoneDigitsFit)

/** POST /empfaenger/create/{nr}: the recipient's data (SPEC §3 tracking payload's empfaengerdaten). */
export const recipientDataSchema = z.object({
  anrede: z.enum(ANREDEN),
  vorname: personName(),
  name: personName(),
  geburtsdatum: birthDateSchema,
  email: emailSchema,
  telefon: phoneSchema,
  werbeeinwilligung: z.boolean(),
  /** The advertising consent text shown, stored with a given consent. */
  werbeeinwilligungText: freeText({ min: 0, max: 5000 }).optional(),
  adresse: z.object({
    strasse: personName(),
    hausnummer: lineString()
      .trim()
      .min(1)
      .max(10)
      .regex(/^[\dA-Za-z\s/-]+$/),
    plz: z.string().trim().regex(POSTCODE_PATTERN),
    ort: personName(),
  }),
})
export type RecipientData = z.infer<typeof recipientDataSchema>
export type RecipientDataInput = z.input<typeof recipientDataSchema>

export const createRecipientQuerySchema = z.object({
  channel: campaignValueSchema.optional(),
  einsprungsquelle: campaignValueSchema.optional(),
})

/**
 * POST /empfaenger/create/{nr}: the recipient's number, and the marker of the browser that saved the data
 * (null when the same person sent the form again: the marker is handed out once).
 */
export const createdRecipientSchema = z.object({ Empfaengernummer: z.string(), Hex: z.string().nullable() })

/** GET /empfaenger/{hex}: the stored recipient as far as the portal needs it to resume. */
export const storedRecipientSchema = z.object({
  Empfaengernummer: z.string(),
  Empfehlungsnummer: z.string(),
  Bestaetigt: z.boolean(),
  Zugestimmt: z.boolean(),
})

/** POST /empfaenger/{hex}/bestaetigungsmail: the confirmation mail again, optionally to a corrected address. */
export const resendRecipientConfirmationSchema = z.object({ Email: emailSchema.optional() })
export const resentRecipientConfirmationSchema = z.object({ Email: z.string() })

export const confirmRecipientRequestSchema = z.object({ Token: secretTokenSchema })
export const confirmRecipientResponseSchema = z.object({
  Token: z.string(),
  Empfaengernummer: z.string(),
  Empfehlungsnummer: z.string(),
  Zugestimmt: z.boolean(),
})

/** PUT /empfaenger/zustimmung: the terms and privacy text the recipient accepted. */
export const recipientConsentRequestSchema = z.object({ AgbText: freeText({ min: 1, max: 20000 }) })

/** POST tracking/abschliessen: SPEC §3 tracking completion payload. */
export const trackingPayloadSchema = z.object({
  empfehlungsnummer: z.string().regex(/^[0-9A-Z]{10}$/),
  empfaengernummer: z.literal('').optional(),
  empfaengerdaten: recipientDataSchema,
})

/** GET /empfaenger/auftrag: the recipient's recommendation and the order that came through, if any. */
export const recipientOrderSchema = z.object({
  Empfaengernummer: z.string(),
  Empfehlungsnummer: z.string(),
  Produkt: z.object({ Id: z.number().int(), AnzeigeName: z.string() }),
  Zugestimmt: z.boolean(),
  Auftrag: z.object({ Status: z.string(), Auftragsdatum: z.string(), Produkt: z.string() }).nullable(),
})

/** POST /empfaenger/bankdaten: the account a cash reward is paid to (one contract with the referrer's). */
export { bankDataRequestSchema, bankDataResponseSchema } from './bank-data'

/** The answer of PUT /empfaenger/zustimmung. */
export const recipientConsentResponseSchema = z.object({ Zugestimmt: z.boolean(), ZugestimmtAm: z.string() })
