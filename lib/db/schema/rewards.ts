import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { agencies, agencyUsers } from './agencies'
import { recipients } from './recipients'
import { recommendations } from './recommendations'
import { referrers } from './referrers'
import { tenants } from './tenants'

/**
 * Keys the provider reports orders with (one or more per tenant): only the SHA-256 of the key is
 * stored, and the key is shown once when it is created. A revoked key answers PSOF0204.
 */
export const providerApiKeys = pgTable(
  'provider_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('provider_api_keys_hash').on(t.keyHash)],
)

/**
 * Orders (Auftraege) the provider reported for an attributed recipient: Offen (received, in
 * processing) → Gezahlt (contract completed) or Storniert. The provider's order number is unique per
 * tenant, so reporting the same order again changes nothing. The product ordered decides the reward.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    auftragsnummer: text('auftragsnummer').notNull(),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    /** Null once the recipient's data is deleted; the order and its rewards stay. */
    recipientId: uuid('recipient_id').references(() => recipients.id, { onDelete: 'set null' }),
    produktId: integer('produkt_id').notNull(),
    produktName: text('produkt_name').notNull(),
    auftragsdatum: date('auftragsdatum').notNull(),
    status: text('status').notNull(),
    /** The recommendation's agency, copied so the agency's order report reads one index. */
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /** When the agency's order had the releases it needs (agency orders only; see order_releases). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Set once the order is Gezahlt and the complaint period has passed: a successful contract. */
    successfulAt: timestamp('successful_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_nummer').on(t.tenantSlug, t.auftragsnummer),
    index('orders_recommendation').on(t.recommendationId),
    index('orders_status').on(t.tenantSlug, t.status, t.auftragsdatum),
    index('orders_agency').on(t.agencyId, t.auftragsdatum, t.id),
    index('orders_recipient').on(t.recipientId),
  ],
)

/**
 * Rewards (Praemien) owed: per order one for the referrer and/or one for the recipient under the share
 * chosen before sending (Standard), and bonus rewards of the bonus tier (Bonus, no order).
 * Offen → Bereitgestellt (complaint period over) → Abgeholt (picked: voucher, cash with bank data,
 * credit to a customer number) → Ausgezahlt (cash or credit booked); or Storniert / Abgelaufen.
 * The reward link carries its own token (found by its SHA-256, kept encrypted for later mails). Bank data picked for cash is copied here
 * encrypted, so a later change of stored bank data never changes what was paid where.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    /** Public id in links and answers (/praemie/{praemieid}). */
    nummer: text('nummer').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    recommendationId: uuid('recommendation_id').references(() => recommendations.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').references(() => referrers.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => recipients.id, { onDelete: 'set null' }),
    /** Empfehler or Empfaenger. */
    beguenstigter: text('beguenstigter').notNull(),
    /** Standard or Bonus. */
    art: text('art').notNull(),
    /** For a bonus: which multiple of the tier it is (1 for the first N contracts, 2 for 2N, …). */
    bonusStufe: integer('bonus_stufe'),
    wertCent: integer('wert_cent').notNull(),
    status: text('status').notNull(),
    /** Bargeld, Gutschein or Gutschrift (credit against the customer number); null until picked. */
    auswahl: text('auswahl'),
    tokenHash: text('token_hash'),
    /** The same token encrypted, so a reminder or a later mail can carry the very link already sent. */
    tokenEncrypted: text('token_encrypted'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    ibanEncrypted: text('iban_encrypted'),
    holderEncrypted: text('holder_encrypted'),
    kundennummerEncrypted: text('kundennummer_encrypted'),
    payoutBatchId: uuid('payout_batch_id'),
    /** Mail address and language the reward's mails go to (a recipient has no account). */
    email: text('email'),
    language: text('language').notNull().default('de'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Until when a ready reward can be picked (PraemieAbholfristTage); then Abgelaufen. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rewards_nummer').on(t.tenantSlug, t.nummer),
    uniqueIndex('rewards_token').on(t.tokenHash),
    uniqueIndex('rewards_order_beneficiary').on(t.orderId, t.beguenstigter, t.art),
    uniqueIndex('rewards_bonus').on(t.referrerId, t.art, t.bonusStufe),
    index('rewards_referrer').on(t.referrerId, t.createdAt),
    index('rewards_recipient').on(t.recipientId),
    // The agency's reward report reaches rewards through its recommendations.
    index('rewards_recommendation').on(t.recommendationId),
    index('rewards_status').on(t.tenantSlug, t.status),
    index('rewards_batch').on(t.payoutBatchId),
  ],
)

/** Every transition of a reward with its time and cause (audit trail; never updated). */
export const rewardEvents = pgTable(
  'reward_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    cause: text('cause').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The order events were written in: one request writes several with the same `at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('reward_events_reward').on(t.rewardId, t.at)],
)

/**
 * Voucher codes the operator imported (a pool per value). A code is assigned to exactly one reward:
 * the unique reward id, set under a row lock that skips codes another server is assigning.
 */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    wertCent: integer('wert_cent').notNull(),
    anbieter: text('anbieter').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voucher_codes_code').on(t.tenantSlug, t.code),
    uniqueIndex('voucher_codes_reward').on(t.rewardId),
    index('voucher_codes_free').on(t.tenantSlug, t.wertCent, t.importedAt),
  ],
)

/**
 * Payout batches the operator exported: SEPA credit transfers (pain.001) for cash, a list for credits
 * to customer numbers. A reward belongs to one batch at most, so it is never exported twice.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    /** SEPA or Gutschrift. */
    art: text('art').notNull(),
    messageId: text('message_id').notNull(),
    anzahl: integer('anzahl').notNull(),
    summeCent: integer('summe_cent').notNull(),
    datei: text('datei').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payout_batches_message').on(t.messageId)],
)

/**
 * A referrer's stored bank account (ModuleStoringBankdata): IBAN and holder encrypted at rest, bound to
 * the row, with a blind index of the IBAN; shown masked only.
 */
export const referrerBankAccounts = pgTable('referrer_bank_accounts', {
  referrerId: uuid('referrer_id')
    .primaryKey()
    .references(() => referrers.id, { onDelete: 'cascade' }),
  ibanEncrypted: text('iban_encrypted').notNull(),
  holderEncrypted: text('holder_encrypted').notNull(),
  ibanIndex: text('iban_index').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * A referrer's customer number with the provider (KundenNummer): rewards can be credited against it.
 * Stored encrypted; `status` is Ausstehend until the provider confirms it (Bestaetigt) or not (Abgelehnt).
 */
export const referrerCustomerNumbers = pgTable('referrer_customer_numbers', {
  referrerId: uuid('referrer_id')
    .primaryKey()
    .references(() => referrers.id, { onDelete: 'cascade' }),
  kundennummerEncrypted: text('kundennummer_encrypted').notNull(),
  kundennummerIndex: text('kundennummer_index').notNull(),
  status: text('status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/** Goodwill claims (Kulanz): a referrer whose friend ordered but whose reward is missing. */
export const goodwillClaims = pgTable(
  'goodwill_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').references(() => referrers.id, { onDelete: 'cascade' }),
    recommendationId: uuid('recommendation_id').references(() => recommendations.id, {
      onDelete: 'set null',
    }),
    vornameFreund: text('vorname_freund').notNull(),
    nameFreund: text('name_freund').notNull(),
    auftragsdatum: date('auftragsdatum'),
    auftragsnummer: text('auftragsnummer'),
    nachricht: text('nachricht').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('goodwill_claims_referrer').on(t.referrerId, t.createdAt)],
)

/**
 * Releases of an agency's orders (agentur/auftragfreigeben): who released when. An order is released
 * once it has the releases it needs (one, or two by different people above the tenant's four-eyes
 * amount); the unique index keeps one person from releasing an order twice.
 */
export const orderReleases = pgTable(
  'order_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    agencyUserId: uuid('agency_user_id')
      .notNull()
      .references(() => agencyUsers.id, { onDelete: 'cascade' }),
    /** The person's name when they released, kept with the release. */
    name: text('name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('order_releases_once').on(t.orderId, t.agencyUserId)],
)
