import { bigint, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'

/**
 * The counters of every limit (lib/engine/limits/counter.ts): failed logins per e-mail and per client,
 * wrong recommendation codes, contact requests, recommendations, goodwill claims. The key is an HMAC of
 * what is counted, never the plain e-mail or address. `counted` holds the attempts that counted within
 * the window that began at `window_start`; `pending` the attempts under way that were let through and
 * not yet counted or released, so parallel attempts see each other.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    counted: integer('counted').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('limit_counters_key').on(t.tenantSlug, t.keyHash)],
)

/**
 * The portal's own limits (lib/portal/tracking/rate-limit.ts: page views per client and tenant) where
 * servers share PostgreSQL without Redis: the table of rate-limiter-flexible's RateLimiterPostgres, in
 * its shape (points counted, expiry in epoch milliseconds). The key is an HMAC, never the address.
 */
export const portalRateLimits = pgTable('portal_rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
})
