import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'

/** Referrers (Empfehler) of a tenant, identified by their e-mail (stored trimmed and lower-case). */
export const referrers = pgTable(
  'referrers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    anrede: text('anrede').notNull().default(''),
    vorname: text('vorname').notNull(),
    nachname: text('nachname').notNull(),
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('de'),
    /** Raised on logout, lock, deletion and password change: older tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    /** Why the account is locked: 'failures' (too many wrong passwords) or 'einzel' (by the operator). */
    lockReason: text('lock_reason'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    newsletterPermission: boolean('newsletter_permission').notNull().default(false),
    newsletterPermissionSentAt: timestamp('newsletter_permission_sent_at', { withTimezone: true }),
    /** When the referrer proved the e-mail is theirs (a mailed link used); a password implies it too. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referrers_tenant_email').on(t.tenantSlug, t.email)],
)
