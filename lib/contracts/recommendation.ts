import { z } from 'zod'
import { numericId } from './numeric-id'
import {
  captchaChallengeSchema,
  captchaSolutionSchema,
  emailSchema,
  secretTokenSchema,
  userSchema,
} from './account'
import { ORDER_STATES, REWARD_CHOICES, REWARD_STATES, statusBarSchema } from './praemierung'
import { freeText, personName, singleLine } from './text-input'

/** Shared by the main-API handlers and the portal's client (SPEC §3 Recommendation, §7.1, §7.3). */

/** Reward shares the form offers (AnteilEmpfehler: the referrer's part in percent). */
export const REWARD_SHARES = [100, 50, 0] as const
export type RewardShare = (typeof REWARD_SHARES)[number]

const optionalText = (max: number) => singleLine({ min: 0, max }).optional()

/** A campaign the referrer joins (or declines) with the recommendation; its consent text is recorded. */
export const aktionZustimmungSchema = z.object({ AktionsId: numericId, Zustimmung: z.boolean() })

/** SPEC §3 Recommendation creation payload. */
export const createRecommendationRequestSchema = z.object({
  Empfehlung: z.object({
    AgentNumber: optionalText(40).nullable(),
    Agentennummer: optionalText(40).nullable(),
    Produkt: numericId,
    Channel: optionalText(60).nullable(),
    Empfehlungslink: z.boolean().default(true),
    /** The terms text the referrer accepted; missing or empty answers AcceptAgb. */
    AgbText: freeText({ min: 0, max: 20000 }).optional().nullable(),
    AnteilEmpfehler: z
      .number()
      .int()
      .refine((v) => (REWARD_SHARES as readonly number[]).includes(v)),
    Aktionen: z.array(aktionZustimmungSchema).max(20).optional(),
  }),
  Empfehler: z.object({
    Vorname: personName(),
    Nachname: personName(),
    Email: emailSchema,
    NewsletterPermission: z.boolean().default(false),
    NewsletterOptinGegeben: z.boolean().default(false),
    NewsletterOptinVersendetAm: singleLine({ min: 0, max: 40 }).nullable().optional(),
  }),
  Empfaenger: z
    .object({
      Vorname: optionalText(100),
      Nachname: optionalText(100),
      Email: emailSchema.optional(),
    })
    .nullable()
    .optional(),
})
export type CreateRecommendationRequest = z.infer<typeof createRecommendationRequestSchema>
export type CreateRecommendationInput = z.input<typeof createRecommendationRequestSchema>

/** POST /Empfehlen/create?{query}: the captcha solution travels in the query. */
export const createRecommendationQuerySchema = z.object(captchaSolutionSchema)

/** POST /Empfehlen/create without a body: whether the next creation needs a captcha. */
export const captchaCheckSchema = z.object({
  CaptchaRequired: z.boolean(),
  Captcha: captchaChallengeSchema.optional(),
})
export type CaptchaCheck = z.infer<typeof captchaCheckSchema>

/** Status of a recommendation as the referrer sees it (SPEC §4). */
export const RECOMMENDATION_STATES = ['OptInRequired', 'Ok', 'Abgelaufen'] as const
export type RecommendationState = (typeof RECOMMENDATION_STATES)[number]

/** One recommendation of the referrer (create answer, GET empfehlen/{nr}, GET /empfehler/empfehlungen/). */
export const recommendationSchema = z.object({
  Empfehlungsnummer: z.string(),
  Empfaengernummer: z.string(),
  Hex: z.string(),
  Link: z.string(),
  Code: z.string().nullable(),
  Status: z.enum(RECOMMENDATION_STATES),
  Produkt: z.object({ Id: z.number().int(), AnzeigeName: z.string() }),
  AnteilEmpfehler: z.number().int(),
  Praemie: z
    .object({
      WertCent: z.number().int(),
      Startdatum: z.string(),
      Enddatum: z.string().nullable(),
    })
    .nullable(),
  Channel: z.string(),
  ErstelltAm: z.string(),
  GueltigBis: z.string().nullable(),
  Empfaenger: z.object({ Vorname: z.string().optional(), Nachname: z.string().optional() }).nullable(),
  /** In the referrer's list (GET /empfehler/empfehlungen/): whether the friend entered data through it. */
  Reagiert: z.boolean().optional(),
  /** In the referrer's list: the referrer's part of the reward under the chosen share, in cents. */
  PraemieEmpfehlerCent: z.number().int().optional(),
  /** In the referrer's list: the order reported for it, if any. */
  Auftrag: z
    .object({ Auftragsdatum: z.string(), Status: z.enum(ORDER_STATES), Produkt: z.string() })
    .nullable()
    .optional(),
  /** In the referrer's list: the referrer's own reward for it (none while no order came, or when the friend gets it all). */
  Praemierung: z
    .object({
      PraemieId: z.string(),
      WertCent: z.number().int(),
      Status: z.enum(REWARD_STATES),
      Auswahl: z.enum(REWARD_CHOICES).nullable(),
    })
    .nullable()
    .optional(),
  /** In the referrer's list: the status bar (SPEC §4). */
  Statusleiste: statusBarSchema.optional(),
})
export type Recommendation = z.infer<typeof recommendationSchema>
export const recommendationsSchema = z.array(recommendationSchema)

export const recommendationNumberSchema = z.string().regex(/^[0-9A-Z]{10}$/)

/** The link that confirms participation (second step of the opt-in). */
export const confirmParticipationRequestSchema = z.object({ Token: secretTokenSchema })
export const confirmParticipationResponseSchema = z.object({
  User: userSchema,
  Empfehlungsnummer: z.string().nullable(),
})
export type ConfirmParticipationResponse = z.infer<typeof confirmParticipationResponseSchema>
