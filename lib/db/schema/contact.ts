import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { referrers } from './referrers'
import { tenants } from './tenants'

/**
 * Requests sent with the contact form (SPEC §2.2 Kontakt). The client's IP is kept only as an HMAC, for
 * the per-IP limit; a request made while logged in names its referrer and goes with the account.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').references(() => referrers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Trimmed and lower-case, as every e-mail of the engine. */
    email: text('email').notNull(),
    betreff: text('betreff').notNull(),
    nachricht: text('nachricht').notNull(),
    /** The language the request was sent in: the receipt is written in it. */
    language: text('language').notNull(),
    /** HMAC of the client's IP (lib/engine/contact/contact-velocity.ts), null when none was known. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contact_requests_client').on(t.tenantSlug, t.clientKey, t.createdAt),
    index('contact_requests_referrer').on(t.referrerId),
    index('contact_requests_email').on(t.tenantSlug, t.email),
  ],
)
