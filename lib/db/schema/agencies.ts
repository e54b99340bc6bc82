import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'

/**
 * Sales agencies taking part in a tenant's programme. `key` is the value of the identity provider's
 * agency claim (by default `department`, tenant setting Sso.AgencyClaim) that names this agency; a user
 * whose claim names no agency of the tenant is refused.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    town: text('town').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The payout account's IBAN, kept only as its last four characters for display. */
    ibanLast4: text('iban_last4').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agencies_tenant_key').on(t.tenantSlug, t.key)],
)

/**
 * People who signed in to an agency's area by single sign-on, known by the identity provider's issuer
 * and subject. The role is the one the provider gave at the last sign-in; `session_version` is raised
 * by logout, so every older agency token stops working.
 */
export const agencyUsers = pgTable(
  'agency_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    role: text('role').notNull(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    sessionVersion: integer('session_version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agency_users_identity').on(t.tenantSlug, t.issuer, t.subject)],
)

/**
 * Sales agents (Berater) of an agency. `externe_id` is the agent number a recommendation carries
 * (AgentNumber / Agentennummer): a recommendation with the number of an active agent is attributed to
 * the agent's agency, and so are its recipients and orders. The photo is a path below public/.
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    externeId: text('externe_id').notNull(),
    vorname: text('vorname').notNull(),
    nachname: text('nachname').notNull(),
    plz: text('plz').notNull().default(''),
    ort: text('ort').notNull().default(''),
    photo: text('photo'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agents_externe_id').on(t.tenantSlug, t.externeId),
    index('agents_agency').on(t.agencyId, t.nachname),
  ],
)
