import { z } from 'zod'
import { numericId } from './numeric-id'
import { calendarDaySchema } from './calendar-day'
import { bankDataRequestSchema } from './recipient'

/**
 * Rewards owed and collected (SPEC §3 Praemierung, §4 reward states, §7.4 /praemierung/), and the
 * provider's order reports. Shared by the main-API handlers and the portal's client.
 */

export const ORDER_STATES = ['Offen', 'Gezahlt', 'Storniert'] as const
export type OrderState = (typeof ORDER_STATES)[number]

export const REWARD_STATES = [
  'Offen',
  'Bereitgestellt',
  'Abgeholt',
  'Ausgezahlt',
  'Storniert',
  'Abgelaufen',
] as const
export type RewardState = (typeof REWARD_STATES)[number]

/** How a reward is collected: bank transfer, a voucher code, a credit against the customer number. */
export const REWARD_CHOICES = ['Bargeld', 'Gutschein', 'Gutschrift'] as const
export type RewardChoice = (typeof REWARD_CHOICES)[number]

/** The tenant setting RewardKinds in the API's words. */
export const CHOICE_OF_KIND = { cash: 'Bargeld', voucher: 'Gutschein', credit: 'Gutschrift' } as const

export const praemieNummerSchema = z.string().regex(/^[0-9A-Z]{10}$/)

/** One reward as its beneficiary sees it (GET /praemierung/, ?details=, the answer of PUT /praemierung/). */
export const praemierungSchema = z.object({
  PraemieId: z.string(),
  Art: z.enum(['Standard', 'Bonus']),
  Beguenstigter: z.enum(['Empfehler', 'Empfaenger']),
  WertCent: z.number().int(),
  Status: z.enum(REWARD_STATES),
  /** The choice made; null until the reward is picked. */
  Auswahl: z.enum(REWARD_CHOICES).nullable(),
  /** What can be chosen now (empty unless the reward is ready and not picked). */
  Optionen: z.array(z.enum(REWARD_CHOICES)),
  Empfehlungsnummer: z.string().nullable(),
  Produkt: z.string().nullable(),
  Auftragsdatum: z.string().nullable(),
  BonusStufe: z.number().int().nullable(),
  ErstelltAm: z.string(),
  BereitgestelltAm: z.string().nullable(),
  AbgeholtAm: z.string().nullable(),
  AusgezahltAm: z.string().nullable(),
  AbholbarBis: z.string().nullable(),
  /** The voucher, to its owner only, once assigned. */
  Gutschein: z.object({ Code: z.string(), Anbieter: z.string() }).nullable(),
  /** Where cash goes, masked. */
  Bankdaten: z.object({ IBAN: z.string(), Kontoinhaber: z.string() }).nullable(),
  Kundennummer: z.string().nullable(),
})
export type Praemierung = z.infer<typeof praemierungSchema>

/** The reward account balance of the personal area. */
export const praemienKontoSchema = z.object({
  OffenCent: z.number().int(),
  /** Ready and not yet chosen. */
  BereitCent: z.number().int(),
  /** Chosen, the payout (transfer, voucher, credit) follows; 0 from a main API that does not tell. */
  InAuszahlungCent: z.number().int().default(0),
  AusgezahltCent: z.number().int(),
})
export type PraemienKonto = z.infer<typeof praemienKontoSchema>

export const praemierungenSchema = z.object({
  Praemien: z.array(praemierungSchema),
  Konto: praemienKontoSchema,
  /** Whether cash can use the referrer's stored bank data (ModuleStoringBankdata and data stored). */
  BankdatenGespeichert: z.boolean(),
})
export type Praemierungen = z.infer<typeof praemierungenSchema>

export const praemierungDetailsSchema = praemierungSchema.extend({
  Ereignisse: z.array(z.object({ Status: z.enum(REWARD_STATES), Am: z.string() })),
  /** Whether cash can use the beneficiary's stored bank data. */
  BankdatenGespeichert: z.boolean(),
  /** Whether a customer number is on file for a credit. */
  KundennummerGespeichert: z.boolean(),
})
export type PraemierungDetails = z.infer<typeof praemierungDetailsSchema>

export const praemierungQuerySchema = z.object({ details: praemieNummerSchema.optional() })

/** PUT /praemierung/: pick a ready reward once. Cash needs bank data (given here or stored). */
export const pickRewardRequestSchema = z.object({
  PraemieId: praemieNummerSchema,
  Auswahl: z.enum(REWARD_CHOICES),
  Bankdaten: bankDataRequestSchema.optional(),
  /** Cash to the bank account stored for the referrer (or the recipient). */
  GespeicherteBankdaten: z.boolean().optional(),
  /**
   * The logged-in referrer keeps the bank data given with the pick for later rewards (where the tenant
   * offers stored bank data, ModuleStoringBankdata; ignored elsewhere and for a reward link).
   */
  BankdatenSpeichern: z.boolean().optional(),
})
export type PickRewardRequest = z.infer<typeof pickRewardRequestSchema>

/** GET …/showbanner/BannerTEZuTP. */
export const bannerSchema = z.object({ ShowBanner: z.boolean() })

/** The status bar of a recommendation in the personal area (SPEC §4 texts). */
export const STATUS_BAR_TEXTS = [
  'optinFehlt',
  'nichtReagiert',
  'linkGeoeffnet',
  'datenEingegeben',
  'datenBestaetigt',
  'zurBestellung',
  'abgelaufen',
  'inBearbeitung',
  'vertragAbgeschlossen',
  'freigabeAusstehend',
  'keinVertrag',
  'praemieBereit',
  'praemieAusgezahlt',
  'bankdatenEingeben',
  'praemieAbholen',
  'praemieAbgelaufen',
] as const
export type StatusBarText = (typeof STATUS_BAR_TEXTS)[number]
export const STATUS_BAR_ACTIONS = ['teilen', 'abholen', 'bankdaten', 'details'] as const
export type StatusBarAction = (typeof STATUS_BAR_ACTIONS)[number]

export const statusBarSchema = z.object({
  Text: z.enum(STATUS_BAR_TEXTS),
  /** The date the text names (contract concluded on …). */
  Datum: z.string().nullable(),
  /** How far along the recommendation is: 1 sent, 2 friend reacted, 3 contract, 4 reward. */
  Schritt: z.number().int().min(1).max(4),
  Aktion: z.enum(STATUS_BAR_ACTIONS).nullable(),
  /** The referrer's reward the action is about. */
  PraemieId: z.string().nullable(),
})
export type StatusBar = z.infer<typeof statusBarSchema>

/** One order as the provider reports it (operator-authenticated, per-tenant provider key). */
export const orderReportSchema = z.object({
  Auftragsnummer: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._/-]{1,40}$/),
  Empfaengernummer: z.string().trim().min(1).max(40),
  ProduktId: numericId,
  Auftragsdatum: calendarDaySchema,
  Status: z.enum(ORDER_STATES),
})
export type OrderReport = z.infer<typeof orderReportSchema>
export const orderReportsRequestSchema = z.object({ Auftraege: z.array(orderReportSchema).min(1).max(1000) })

export const ORDER_RESULTS = ['Angelegt', 'Aktualisiert', 'Unveraendert', 'Abgelehnt'] as const
export const orderResultSchema = z.object({
  Auftragsnummer: z.string(),
  Ergebnis: z.enum(ORDER_RESULTS),
  Status: z.enum(ORDER_STATES).nullable(),
  /** Why a report was refused. */
  Code: z.string().nullable(),
})
export type OrderResult = z.infer<typeof orderResultSchema>

/** GET /empfehler/praemierungmail/{id}: the reward mail went out again. */
export const rewardMailSentSchema = z.object({ Gesendet: z.boolean() })

/** GET /empfaenger/{nr}/praemie/: the reward the recipient can expect, and the recipient's rewards. */
export const recipientRewardSchema = z.object({
  Empfaengernummer: z.string(),
  Empfehlungsnummer: z.string(),
  ErwartetePraemieCent: z.number().int(),
  Praemien: z.array(praemierungSchema),
})
