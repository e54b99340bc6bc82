import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { agencies, agencyUsers } from './agencies'
import { recommendations } from './recommendations'
import { tenants } from './tenants'

/**
 * Recipients (Empfaenger) who followed a recommendation and entered their data (SPEC §3 tracking
 * payload). A person can be attributed to one recommendation of the tenant only: the keys are HMACs of
 * the e-mail, the phone number and name plus address, each unique per tenant (the first one wins).
 * Data not confirmed by the mailed link within 12 weeks is deleted (SPEC §4).
 */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    empfaengernummer: text('empfaengernummer').notNull(),
    /** The marker the portal keeps in its session to find the recipient again (GET /empfaenger/{hex}). */
    hex: text('hex').notNull(),
    anrede: text('anrede').notNull(),
    vorname: text('vorname').notNull(),
    name: text('name').notNull(),
    geburtsdatum: date('geburtsdatum').notNull(),
    email: text('email').notNull(),
    telefon: text('telefon').notNull(),
    werbeeinwilligung: boolean('werbeeinwilligung').notNull(),
    strasse: text('strasse').notNull(),
    hausnummer: text('hausnummer').notNull(),
    plz: text('plz').notNull(),
    ort: text('ort').notNull(),
    channel: text('channel').notNull().default(''),
    /** The recommendation's agency, copied so the agency's lead report reads one index. */
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /** The agency's person who took the recipient on in a sales talk (POST tracking/abschliessen). */
    completedBy: uuid('completed_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    einsprungsquelle: text('einsprungsquelle').notNull().default(''),
    emailKey: text('email_key').notNull(),
    phoneKey: text('phone_key').notNull(),
    addressKey: text('address_key').notNull(),
    /** SHA-256 of the confirmation link's token; used once. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    /** When the current link was used; a new link (before the consent) may be used once again. */
    confirmTokenUsedAt: timestamp('confirm_token_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recipients_nummer').on(t.tenantSlug, t.empfaengernummer),
    uniqueIndex('recipients_hex').on(t.hex),
    uniqueIndex('recipients_email').on(t.tenantSlug, t.emailKey),
    uniqueIndex('recipients_phone').on(t.tenantSlug, t.phoneKey),
    uniqueIndex('recipients_address').on(t.tenantSlug, t.addressKey),
    uniqueIndex('recipients_confirm_token').on(t.confirmTokenHash),
    index('recipients_unconfirmed').on(t.confirmedAt, t.createdAt),
    index('recipients_recommendation').on(t.recommendationId),
    index('recipients_agency').on(t.agencyId, t.createdAt, t.id),
  ],
)

/** Every consent of a recipient (terms and privacy, advertising) with the exact text shown and the time. */
export const recipientConsents = pgTable(
  'recipient_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('recipient_consents_recipient').on(t.recipientId)],
)

/** Periodic jobs that must run once across all servers: a job claims its run by inserting its slot. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: text('result'),
  },
  (t) => [uniqueIndex('job_runs_slot').on(t.job, t.slot)],
)

/**
 * A recipient's bank account for a cash reward: IBAN and holder encrypted at rest (AES-256-GCM, bound
 * to the row), with a blind index of the IBAN for finding one used twice; never stored in plain text.
 */
export const recipientBankAccounts = pgTable('recipient_bank_accounts', {
  recipientId: uuid('recipient_id')
    .primaryKey()
    .references(() => recipients.id, { onDelete: 'cascade' }),
  ibanEncrypted: text('iban_encrypted').notNull(),
  holderEncrypted: text('holder_encrypted').notNull(),
  ibanIndex: text('iban_index').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
