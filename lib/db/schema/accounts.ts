import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { referrers } from './referrers'
import { tenants } from './tenants'

/**
 * Single-use tokens mailed or handed to a referrer: password setting (welcome), password reset, login
 * by e-mail link, admin login, newsletter opt-in. Only the SHA-256 hash of a token is stored; a token is
 * used at most once (`used_at`) and only before `expires_at`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => referrers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash').on(t.tokenHash),
    index('account_tokens_referrer').on(t.referrerId, t.purpose),
  ],
)

/** Captcha challenges: the answer is stored hashed; a challenge is solved at most once. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    answerHash: text('answer_hash').notNull(),
    /** The plain answer, stored only outside production so automated tests can solve the captcha. */
    devAnswer: text('dev_answer'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_challenges_expiry').on(t.expiresAt)],
)

/** Every consent a referrer gave or withdrew, with the text version shown and the time. */
export const referrerConsents = pgTable(
  'referrer_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => referrers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    textVersion: text('text_version').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrer_consents_referrer').on(t.referrerId)],
)

/** What operators and support did (admin tokens issued and used, locks, deletions); never personal data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subjectId: uuid('subject_id'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_tenant_time').on(t.tenantSlug, t.createdAt)],
)
