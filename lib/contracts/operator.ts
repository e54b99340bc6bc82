import { z } from 'zod'
import { CUSTOMER_NUMBER_STATES, customerNumberEntrySchema } from './customer-number'
import { orderResultSchema } from './praemierung'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'

/**
 * The answers of the operator's calls (support tools, imports: /api/v1/{tenant}/operator/…, PUT
 * /api/v1/mandant/{tenant}) and of the provider's order reports. Their handlers declare them as
 * `response`, so the API's description (GET /api/v1/openapi.json) shows them; the type check holds each
 * handler's result to its schema.
 */

/** POST operator/anbieterschluessel: the new provider key, answered this once. */
export const providerKeySchema = z.object({
  Id: z.uuid(),
  Bezeichnung: z.string(),
  Schluessel: z.string(),
  ErstelltAm: z.string(),
})
/** DELETE operator/anbieterschluessel/{id} */
export const providerKeyRevokedSchema = z.object({ Id: z.uuid(), Widerrufen: z.boolean() })

/** A payout batch (operator/auszahlungen). */
export const payoutBatchSchema = z.object({
  Id: z.uuid(),
  Art: z.enum(['SEPA', 'Gutschrift']),
  MessageId: z.string(),
  Anzahl: z.number().int(),
  SummeCent: z.number().int(),
  ErstelltAm: z.string(),
  BezahltAm: z.string().nullable(),
})
/** GET operator/auszahlungen */
export const payoutBatchesSchema = z.object({ Auszahlungen: z.array(payoutBatchSchema) })
/** POST operator/auszahlungen: the new batch, and the rewards left out (their payout data unreadable). */
export const exportedPayoutBatchSchema = payoutBatchSchema.extend({
  /** Rewards left out because their payout data cannot be read. */
  Uebersprungen: z.array(z.string()),
  /** Credits left for a later batch: their customer number is not (or no longer) confirmed. */
  Wartend: z.array(z.string()),
})

/** POST operator/gutscheine: how many codes came, were known already, went to waiting rewards, are free. */
export const voucherImportSchema = z.object({
  Importiert: z.number().int(),
  Uebersprungen: z.number().int(),
  Zugeteilt: z.number().int(),
  Frei: z.number().int(),
})

/** PUT operator/kontosperre */
export const accountLockSchema = z.object({ Gesperrt: z.boolean() })

/** GET operator/kundennummer?status= */
export const customerNumbersSchema = z.object({ Kundennummern: z.array(customerNumberEntrySchema) })
/** PUT operator/kundennummer: the number as it now stands (the whole number). */
export const reviewedCustomerNumberSchema = z.object({
  Kundennummer: z.string().nullable(),
  Status: z.enum(CUSTOMER_NUMBER_STATES),
  GeaendertAm: z.string().nullable(),
})

/** POST operator/praemienlauf: what the tenant's reward jobs did. */
export const rewardJobResultSchema = z.object({
  bereitgestellt: z.number().int(),
  erinnert: z.number().int(),
  abgelaufen: z.number().int(),
  gutscheine: z.number().int(),
})

/** PUT mandant/{tenant}: whether the tenant is new, and its settings as stored (defaults filled in). */
export const tenantPutSchema = z.object({
  Neu: z.boolean(),
  Slug: z.string(),
  Settings: tenantSettingsSchema,
})

/** POST auftraege: one result per reported order. */
export const orderReportResultsSchema = z.object({ Ergebnisse: z.array(orderResultSchema) })
