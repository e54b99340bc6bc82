import { z } from 'zod'
import { agentNumberSchema } from './agent'
import { AGENCY_ROLES, AGENCY_VIEWS } from '@/lib/shared/agency/roles'
import { REWARD_STATES } from './praemierung'
import { emailSchema } from './account'
import { personName } from './text-input'
import { calendarDaySchema } from './calendar-day'
import { numericId } from './numeric-id'

/** Shared by the main-API handlers and the portal's client (SPEC §3 Agency user, §6, §7.1 agentur/*). */

/** PUT /agentur/sso: the authorization code the provider sent to /sso and the PKCE verifier (RFC 7636). */
export const agencySsoRequestSchema = z.object({
  Code: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\x21-\x7E]+$/),
  Verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
})
export type AgencySsoRequest = z.infer<typeof agencySsoRequestSchema>

/** SPEC §3 Agency user: token and a roles list; with the person and the agency for the area's header. */
export const agencyUserSchema = z.object({
  token: z.string(),
  roles: z.array(z.enum(AGENCY_ROLES)),
  views: z.array(z.enum(AGENCY_VIEWS)),
  name: z.string(),
  email: z.string(),
  agentur: z.object({ key: z.string(), name: z.string() }),
})
export type AgencyUser = z.infer<typeof agencyUserSchema>

/** GET token/verifyAgenturToken?t= */
export const verifyAgencyTokenQuerySchema = z.object({ t: z.string().min(1).max(4096) })
export const verifiedAgencyTokenSchema = agencyUserSchema
  .omit({ token: true })
  .extend({ exp: z.number().int() })
export type VerifiedAgencyToken = z.infer<typeof verifiedAgencyTokenSchema>

/** Stammdaten: the agency's master data; the payout account only masked. */
export const agencyMasterDataSchema = z.object({
  Name: z.string(),
  Strasse: z.string(),
  Plz: z.string(),
  Ort: z.string(),
  Email: z.string(),
  Telefon: z.string(),
  IbanMaskiert: z.string(),
})
export type AgencyMasterData = z.infer<typeof agencyMasterDataSchema>

/** The most rows a report reaches by paging; older rows are found by narrowing the period (Filter). */
export const REPORT_MAX_ROWS = 10_000
/** The most rows one CSV export holds. */
export const REPORT_EXPORT_MAX_ROWS = 50_000

/** A report's Filter: period, agent number, status, and an exact number or e-mail address. */
export const reportFilterSchema = z
  .object({
    Von: calendarDaySchema.optional(),
    Bis: calendarDaySchema.optional(),
    Agent: z.string().trim().max(40).optional(),
    Status: z.string().max(40).optional(),
    Suche: z.string().trim().max(254).optional(),
  })
  .strict()

/**
 * SPEC §3 Report request: OrderBy (one of the report's sort keys), Descending, Pagesize, Pagenumber,
 * Filter. Filter narrows by period (Von/Bis, inclusive German calendar days), agent number, status,
 * and a search for an exact number (recommendation, recipient or order number).
 */
export const reportRequestSchema = z
  .object({
    OrderBy: z.string().max(40).optional(),
    Descending: z.boolean().default(true),
    Pagesize: z.number().int().min(1).max(100).default(20),
    Pagenumber: z.number().int().min(1).max(REPORT_MAX_ROWS).default(1),
    Filter: reportFilterSchema.default({}),
  })
  .strict()
export type ReportRequest = z.infer<typeof reportRequestSchema>
export type ReportFilter = ReportRequest['Filter']

/** One page of a report, like the agent search result of SPEC §3 (Content, HasNext, PageCount, TotalCount). */
export function reportPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    Content: z.array(row),
    Pagenumber: z.number().int(),
    Pagesize: z.number().int(),
    HasNext: z.boolean(),
    PageCount: z.number().int(),
    /** Rows matching the filter, counted up to REPORT_MAX_ROWS (then TotalCountCapped). */
    TotalCount: z.number().int(),
    TotalCountCapped: z.boolean(),
  })
}
export type ReportPage<T> = {
  Content: T[]
  Pagenumber: number
  Pagesize: number
  HasNext: boolean
  PageCount: number
  TotalCount: number
  TotalCountCapped: boolean
}

export const RECOMMENDATION_REPORT_STATES = [
  'Unbestaetigt',
  'Aktiv',
  'Abgelaufen',
  'Lead',
  'Auftrag',
] as const
export type RecommendationReportState = (typeof RECOMMENDATION_REPORT_STATES)[number]

/** agentur/empfehlungen: the agency's recommendations. */
export const recommendationReportRowSchema = z.object({
  Empfehlungsnummer: z.string(),
  ErstelltAm: z.string(),
  ProduktName: z.string(),
  Agentennummer: z.string().nullable(),
  AgentName: z.string().nullable(),
  EmpfehlerName: z.string().nullable(),
  AnteilEmpfehler: z.number().int(),
  PraemieWertCent: z.number().int().nullable(),
  Status: z.enum(RECOMMENDATION_REPORT_STATES),
})
export type RecommendationReportRow = z.infer<typeof recommendationReportRowSchema>
export const recommendationReportSchema = reportPageSchema(recommendationReportRowSchema)

export const LEAD_REPORT_STATES = ['Unbestaetigt', 'Bestaetigt', 'Auftrag'] as const

/**
 * agentur/leads: recipients of the agency's recommendations. E-mail and phone only of those who agreed
 * to be contacted for advertising (Werbeeinwilligung); everybody else by name and town only.
 */
export const leadReportRowSchema = z.object({
  Empfaengernummer: z.string(),
  ErstelltAm: z.string(),
  Name: z.string(),
  Plz: z.string(),
  Ort: z.string(),
  Email: z.string().nullable(),
  Telefon: z.string().nullable(),
  Werbeeinwilligung: z.boolean(),
  Empfehlungsnummer: z.string(),
  ProduktName: z.string(),
  Agentennummer: z.string().nullable(),
  Status: z.enum(LEAD_REPORT_STATES),
})
export type LeadReportRow = z.infer<typeof leadReportRowSchema>
export const leadReportSchema = reportPageSchema(leadReportRowSchema)

export const ORDER_RELEASE_STATES = ['Offen', 'Teilweise', 'Freigegeben', 'Entfaellt'] as const

/**
 * An agency order's release (PUT agentur/auftragfreigeben/{a}/{b}): its state, how many releases it
 * needs (2 above the tenant's four-eyes amount), who released when, and whether the asking person may
 * release it now.
 */
export const orderReleaseSchema = z.object({
  Freigabe: z.enum(ORDER_RELEASE_STATES),
  FreigabenNoetig: z.union([z.literal(1), z.literal(2)]),
  Freigaben: z.array(z.object({ Name: z.string(), Am: z.string() })),
  Freigebbar: z.boolean(),
})
export type OrderRelease = z.infer<typeof orderReleaseSchema>

export const ORDER_REPORT_STATES = ['Offen', 'Gezahlt', 'Storniert'] as const
/** The order report's Status filter: an order state, or the orders still waiting for a release. */
export const ORDER_REPORT_FILTERS = [...ORDER_REPORT_STATES, 'FreigabeOffen'] as const

/** agentur/auftraege: orders from the agency's recommendations. */
export const agencyOrderRowSchema = z.object({
  Auftragsnummer: z.string(),
  Auftragsdatum: z.string(),
  ProduktName: z.string(),
  Status: z.enum(ORDER_REPORT_STATES),
  Empfehlungsnummer: z.string(),
  Agentennummer: z.string().nullable(),
  Empfaengername: z.string().nullable(),
  PraemieWertCent: z.number().int().nullable(),
  ...orderReleaseSchema.shape,
})
export type AgencyOrderRow = z.infer<typeof agencyOrderRowSchema>
export const agencyOrderReportSchema = reportPageSchema(agencyOrderRowSchema)

/** agentur/praemien (Praemien): the rewards of the agency's recommendations and their states. */
export const rewardReportRowSchema = z.object({
  Praemiennummer: z.string(),
  ErstelltAm: z.string(),
  Empfehlungsnummer: z.string(),
  ProduktName: z.string(),
  Agentennummer: z.string().nullable(),
  Beguenstigter: z.enum(['Empfehler', 'Empfaenger']),
  WertCent: z.number().int(),
  Status: z.enum(REWARD_STATES),
})
export type RewardReportRow = z.infer<typeof rewardReportRowSchema>
export const rewardReportSchema = reportPageSchema(rewardReportRowSchema)

/** agentur/empfehler: the referrers who recommended through the agency's agents, with their tallies. */
export const referrerReportRowSchema = z.object({
  Name: z.string(),
  Email: z.string(),
  Empfehlungen: z.number().int(),
  Leads: z.number().int(),
  Auftraege: z.number().int(),
  LetzteEmpfehlung: z.string(),
})
export type ReferrerReportRow = z.infer<typeof referrerReportRowSchema>
export const referrerReportSchema = reportPageSchema(referrerReportRowSchema)

/** The longest period the overview reads, in months. */
export const STATISTICS_MAX_MONTHS = 24

/** One month of the overview: what came in, and the conversion from recommendation to order. */
export const statisticsMonthSchema = z.object({
  /** YYYY-MM (German calendar month). */
  Monat: z.string(),
  Empfehlungen: z.number().int(),
  Leads: z.number().int(),
  Auftraege: z.number().int(),
  /** Orders of the month that the provider reported as paid (a contract came through). */
  Abgeschlossen: z.number().int(),
})
export type StatisticsMonth = z.infer<typeof statisticsMonthSchema>

/** PUT agentur/statistik (StatistikReport): month by month over the period, and its totals. */
export const statisticsSchema = z.object({
  Von: z.string(),
  Bis: z.string(),
  Monate: z.array(statisticsMonthSchema),
  Summen: statisticsMonthSchema.omit({ Monat: true }).extend({
    /** Orders per recommendation in percent, one decimal (0 without recommendations). */
    Konversion: z.number(),
  }),
})
export type Statistics = z.infer<typeof statisticsSchema>

/** The most a reward plan grants per order, in cents. */
export const REWARD_PLAN_MAX_CENT = 100_000

/** What a reward plan applies to: one product, or every product of a category (a quelle/kategorie pair). */
export const rewardPlanTargetSchema = z.discriminatedUnion('Art', [
  z.object({ Art: z.literal('Produkt'), ProduktId: numericId }).strict(),
  z
    .object({
      Art: z.literal('Kategorie'),
      Quelle: z.string().trim().min(1).max(40),
      Kategorie: z.string().trim().min(1).max(60),
    })
    .strict(),
])
export type RewardPlanTarget = z.infer<typeof rewardPlanTargetSchema>

/** POST agentur/praemienplan: a new plan from Startdatum (today or later) to Enddatum (inclusive, or open). */
export const newRewardPlanSchema = z
  .object({
    Ziel: rewardPlanTargetSchema,
    WertCent: z.number().int().min(0).max(REWARD_PLAN_MAX_CENT),
    Startdatum: calendarDaySchema,
    Enddatum: calendarDaySchema.nullable().default(null),
  })
  .strict()
export type NewRewardPlan = z.infer<typeof newRewardPlanSchema>

export const REWARD_PLAN_STATES = ['Geplant', 'Aktiv', 'Beendet'] as const

/** One plan as the Praemienplan view lists it; Ziel named (product name, or the category pair). */
export const rewardPlanSchema = z.object({
  Id: z.string(),
  Ziel: z.discriminatedUnion('Art', [
    z.object({ Art: z.literal('Produkt'), ProduktId: z.number().int(), Name: z.string() }),
    z.object({ Art: z.literal('Kategorie'), Quelle: z.string(), Kategorie: z.string() }),
  ]),
  WertCent: z.number().int(),
  Startdatum: z.string(),
  Enddatum: z.string().nullable(),
  Status: z.enum(REWARD_PLAN_STATES),
  ErstelltVon: z.string(),
  ErstelltAm: z.string(),
})
export type RewardPlan = z.infer<typeof rewardPlanSchema>

/**
 * GET agentur/praemienplan: the agency's plans (current and planned first, then ended ones), what a plan
 * may apply to (the tenant's products and categories), and whether the caller may add and delete.
 */
export const rewardPlansSchema = z.object({
  Plaene: z.array(rewardPlanSchema),
  Ziele: z.object({
    Produkte: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
    Kategorien: z.array(z.object({ Quelle: z.string(), Kategorie: z.string() })),
  }),
  Bearbeitbar: z.boolean(),
})
export type RewardPlans = z.infer<typeof rewardPlansSchema>

/** A statement month, YYYY-MM. */
export const statementMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)

/** One month in the list of commission statements; the current month is still running. */
export const statementMonthEntrySchema = z.object({
  Monat: z.string(),
  Auftraege: z.number().int(),
  SummeCent: z.number().int(),
  Laufend: z.boolean(),
})

/** GET agentur/abrechnungen (Rechnungen): the last twelve months, newest first. */
export const statementsSchema = z.object({ Monate: z.array(statementMonthEntrySchema) })
export type Statements = z.infer<typeof statementsSchema>

/** One order of a statement: released that month, its commission from the ordered product's Provision. */
export const statementLineSchema = z.object({
  Auftragsnummer: z.string(),
  Empfehlungsnummer: z.string(),
  Produkt: z.string(),
  Auftragsdatum: z.string(),
  FreigegebenAm: z.string(),
  ProvisionCent: z.number().int(),
})
export type StatementLine = z.infer<typeof statementLineSchema>

/**
 * GET agentur/abrechnungen/{Monat}: the commission statement of a month — the agency's orders released
 * in it (German time) and not cancelled, each with the commission of its product (§3 Provision).
 */
export const statementSchema = z.object({
  Monat: z.string(),
  Agentur: agencyMasterDataSchema.pick({ Name: true, Strasse: true, Plz: true, Ort: true }),
  Positionen: z.array(statementLineSchema),
  SummeCent: z.number().int(),
  Laufend: z.boolean(),
  ErstelltAm: z.string(),
})
export type Statement = z.infer<typeof statementSchema>

/** An employee number (Mitarbeiternummer): letters, digits and hyphens, as the agency numbers its staff. */
export const employeeNumberSchema = agentNumberSchema

/** One employee of the agency as the Mitarbeiter view lists them. */
export const staffMemberSchema = z.object({
  Id: z.string(),
  Email: z.string(),
  Name: z.string(),
  Mitarbeiternummer: z.string().nullable(),
  Aktiv: z.boolean(),
  /** Who added the entry (empty when unknown), or that the employee's own first sign-in did. */
  AngelegtVon: z.string(),
  BeiAnmeldung: z.boolean(),
  AngelegtAm: z.string(),
  LetzteAnmeldung: z.string().nullable(),
  DeaktiviertVon: z.string(),
  DeaktiviertAm: z.string().nullable(),
})
export type StaffMember = z.infer<typeof staffMemberSchema>

/** GET agentur/mitarbeiter (owner): the agency's employees, active ones first, by name. */
export const staffSchema = z.object({ Mitarbeiter: z.array(staffMemberSchema) })
export type Staff = z.infer<typeof staffSchema>

/** POST agentur/mitarbeiter (owner): a new employee by e-mail address and employee number. */
export const newStaffMemberSchema = z
  .object({
    Email: emailSchema,
    Mitarbeiternummer: employeeNumberSchema,
    Name: personName({ min: 0 }).default(''),
  })
  .strict()
export type NewStaffMember = z.input<typeof newStaffMemberSchema>

/** PUT agentur/mitarbeiter/{id} (owner): deactivate or reactivate an employee. */
export const staffActiveSchema = z.object({ Aktiv: z.boolean() }).strict()

/** One sales agent (Berater) of the agency as the Verwaltung view lists them. */
export const agencyAgentSchema = z.object({
  Id: z.string(),
  ExterneId: z.string(),
  Vorname: z.string(),
  Nachname: z.string(),
  Plz: z.string(),
  Ort: z.string(),
  Aktiv: z.boolean(),
  AngelegtAm: z.string(),
})
export type AgencyAgent = z.infer<typeof agencyAgentSchema>

/** GET agentur/berater (Verwaltung): the agency's agents, active ones first, by name. */
export const agencyAgentsSchema = z.object({ Berater: z.array(agencyAgentSchema) })
export type AgencyAgents = z.infer<typeof agencyAgentsSchema>

/** POST agentur/berater (Verwaltung): a new agent; the number (ExterneId) is unique in the tenant. */
export const newAgencyAgentSchema = z
  .object({
    ExterneId: employeeNumberSchema,
    Vorname: personName({ max: 60 }),
    Nachname: personName({ max: 60 }),
    Plz: z
      .string()
      .trim()
      .regex(/^\d{5}$/),
    Ort: personName({ max: 60 }),
  })
  .strict()
export type NewAgencyAgent = z.input<typeof newAgencyAgentSchema>

/** PUT agentur/berater/{id} (Verwaltung): deactivate or reactivate an agent. */
export const agentActiveSchema = z.object({ Aktiv: z.boolean() }).strict()
