import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'
import {
  contentBlockSchema,
  faqEntrySchema,
  footnoteSchema,
  keyVisualSchema,
  variableSchema,
} from '@/lib/shared/content/types'

/**
 * The answers of the main API's content calls (SPEC §7.6, §7.8) that are lists of the content kinds of
 * lib/content/types.ts, and those of the tenant's languages and the operator's content calls. Shared by
 * the handlers (their declared `response`) and the portal's client.
 */

/** GET content/bloecke */
export const contentBlocksSchema = z.array(contentBlockSchema)
/** GET content/keyvisuals */
export const keyVisualsSchema = z.array(keyVisualSchema)
/** GET content/faq */
export const faqSchema = z.array(faqEntrySchema)
/** GET content/fussnoten?q= */
export const footnotesSchema = z.array(footnoteSchema)
/** GET content/variables/?agentur=, and the tenant's (or agency's) variables after POST content/…variables/… */
export const variablesSchema = z.array(variableSchema)

/** GET content/getlanguages: the tenant's languages, its default and fallback marked. */
export const languagesSchema = z.array(
  z.object({ Code: z.enum(LOCALES), Name: z.string(), Standard: z.boolean(), Fallback: z.boolean() }),
)

/** POST content/webhook: the content service's publish renewed the tenant's cached content. */
export const contentWebhookAcceptedSchema = z.object({ Erneuert: z.boolean() })

/** PUT operator/inhaltsquelle: the tenant's content source as stored; secrets only as whether they are set. */
export const contentSourceSchema = z.object({
  Source: z.enum(['files', 'squidex']),
  Url: z.string(),
  AppName: z.string(),
  ClientId: z.string(),
  Ids: z.record(z.string(), z.string()),
  ClientSecretGesetzt: z.boolean(),
  WebhookSecretGesetzt: z.boolean(),
})
