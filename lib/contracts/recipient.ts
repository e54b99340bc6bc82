import { z } from 'zod'
import { captchaSolutionSchema } from './account'

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
})
export type Landing = z.infer<typeof landingSchema>

/** Where a visitor came from: the channel of a shared link, and the entry source of a code. */
export const visitQuerySchema = z.object({
  channel: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\w-]*$/)
    .optional(),
  empfaengernummer: z.string().trim().max(40).optional(),
})

export const codeQuerySchema = z.object({
  einsprungsquelle: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\w-]*$/)
    .optional(),
  ...captchaSolutionSchema,
})

/** An offline code as people type it: letters and digits, with or without dash and spaces. */
export const offlineCodeInputSchema = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/))
