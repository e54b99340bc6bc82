import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
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

/**
 * An agency's reward plans (Praemienplan): the reward per product or per category (a quelle/kategorie
 * pair) for a period of German calendar days (Enddatum inclusive, null open). The plans of one target
 * never overlap (checked under the agency's row lock). A deleted plan is kept with who deleted it when:
 * a recommendation sent while it was in force keeps its reward (lib/engine/agency/reward-plans).
 */
export const agencyRewardPlans = pgTable(
  'agency_reward_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    produktId: integer('produkt_id'),
    quelle: text('quelle'),
    kategorie: text('kategorie'),
    wertCent: integer('wert_cent').notNull(),
    startdatum: date('startdatum', { mode: 'string' }).notNull(),
    enddatum: date('enddatum', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedBy: uuid('deleted_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('agency_reward_plans_agency').on(t.agencyId, t.startdatum),
    check(
      'agency_reward_plans_one_target',
      sql`(${t.produktId} is not null) <> (${t.quelle} is not null and ${t.kategorie} is not null)`,
    ),
    check('agency_reward_plans_period', sql`${t.enddatum} is null or ${t.enddatum} >= ${t.startdatum}`),
    check('agency_reward_plans_value', sql`${t.wertCent} >= 0`),
  ],
)

/**
 * An agency's employees (Mitarbeiter) as its owner manages them: known by e-mail address (lower case)
 * within the agency, with the employee number (Mitarbeiternummer, unique in the tenant) that their
 * invitations carry. The owner adds them in advance; an employee who signs in by single sign-on before
 * is added then, without a number. A deactivated employee is refused at sign-in and their tokens end.
 */
export const agencyStaff = pgTable(
  'agency_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    employeeNumber: text('employee_number'),
    active: boolean('active').notNull().default(true),
    /** Added by the employee's own first sign-in (not by the owner). */
    addedAtSignIn: boolean('added_at_sign_in').notNull().default(false),
    /** The single sign-on person, from their first sign-in on. */
    agencyUserId: uuid('agency_user_id').references(() => agencyUsers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedBy: uuid('deactivated_by').references(() => agencyUsers.id, { onDelete: 'set null' }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_staff_email').on(t.agencyId, t.email),
    uniqueIndex('agency_staff_number').on(t.tenantSlug, t.employeeNumber),
    index('agency_staff_user').on(t.agencyUserId),
    check('agency_staff_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)
