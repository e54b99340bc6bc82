import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'
import { agencies, agencyStaff, agencyUsers } from './agencies'
import { referrers } from './referrers'

/**
 * Invitations (Einladung, SPEC §3 Agent invitation payload): after a conversation on site or by phone
 * (`art`), an agency's employee invites a customer to the programme by mail. The mailed link (its
 * SHA-256 in `token_hash`) opens the portal with the customer's data filled in; the row follows what
 * became of it: opened, registered, first recommendation — matched by the e-mail address within the
 * tenant — or unsubscribed (no further invitations to that address).
 */
export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** The employee whose conversation it was (Mitarbeiternummer), kept as sent. */
    staffId: uuid('staff_id').references(() => agencyStaff.id, { onDelete: 'set null' }),
    employeeNumber: text('employee_number').notNull(),
    /** The signed-in person who sent it (an owner may send for an employee). */
    sentBy: uuid('sent_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    art: text('art').notNull(),
    vorname: text('vorname').notNull(),
    nachname: text('nachname').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull().default('de'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    referrerId: uuid('referrer_id').references(() => referrers.id, { onDelete: 'set null' }),
    firstRecommendationAt: timestamp('first_recommendation_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_invitations_token').on(t.tokenHash),
    index('agency_invitations_agency_created').on(t.agencyId, t.createdAt),
    index('agency_invitations_email').on(t.tenantSlug, t.email),
    check('agency_invitations_art', sql`${t.art} in ('VorOrt', 'Telefon')`),
    check('agency_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)
