import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'

/**
 * Mails to send, written in the same transaction as the change that causes them and delivered by
 * lib/engine/mail/deliver-due-mail.ts with retries (status pending → sending → sent, or failed).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    fromAddress: text('from_address').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it; a claim that outlives this is taken up again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order mails were written in: created_at alone ties where the clock is coarse (PGlite's has
     * milliseconds), and then the mails of one batch would arrive in the mailbox in no set order.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due').on(t.status, t.nextAttemptAt)],
)

/** The embedded default transport: delivered mails, readable outside production (one row per outbox mail). */
export const mailboxMessages = pgTable('mailbox_messages', {
  id: uuid('id').primaryKey(),
  tenantSlug: text('tenant_slug')
    .notNull()
    .references(() => tenants.slug, { onDelete: 'cascade' }),
  fromAddress: text('from_address').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  /** The order mails arrived in, newest last (delivered_at ties where the clock is coarse). */
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
})
