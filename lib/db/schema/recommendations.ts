import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { agencies } from './agencies'
import { referrers } from './referrers'
import { tenants } from './tenants'

/**
 * Recommendations (Empfehlungen) a referrer created for a product. The number and the link hex are
 * random and unguessable; the offline code is a short typable code (ModuleErstelleOfflineEmpfehlungCode).
 * The reward period in force when the referrer sent it is recorded, so a later change of the
 * catalogue never changes what was promised (SPEC §1: the reward is the one chosen before sending).
 * `activated_at` is set once the referrer has confirmed participation; from then on the
 * recommendation is shareable and valid until `expires_at` (60 days, SPEC §4).
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    /** Null once the referrer's account is deleted: the number stays, answering EmpfehlungGesperrt. */
    referrerId: uuid('referrer_id').references(() => referrers.id, { onDelete: 'set null' }),
    nummer: text('nummer').notNull(),
    hex: text('hex').notNull(),
    code: text('code'),
    produktId: integer('produkt_id').notNull(),
    produktName: text('produkt_name').notNull(),
    /** Share of the reward for the referrer: 100, 50 or 0 (AnteilEmpfehler). */
    anteilEmpfehler: integer('anteil_empfehler').notNull(),
    praemieWertCent: integer('praemie_wert_cent'),
    praemieStartdatum: date('praemie_startdatum'),
    praemieEnddatum: date('praemie_enddatum'),
    channel: text('channel').notNull().default(''),
    agentNumber: text('agent_number'),
    /** The agency whose active agent's number the recommendation carries (its reports see it). */
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /**
     * How far the recommendation came, for the agency reports' state and filter: 0 none, 1 a recipient
     * (lead), 2 an order. Kept by database triggers on recipients and orders (migration 0019), so every
     * way rows come and go (the engine, imports, retention, deletion) keeps it right.
     */
    progress: smallint('progress').notNull().default(0),
    /** The recipient as the referrer named them (optional). */
    empfaenger: jsonb('empfaenger'),
    /** HMAC of the creating client's IP (the key of its per-IP velocity counter, lib/engine/limits). */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recommendations_nummer').on(t.tenantSlug, t.nummer),
    uniqueIndex('recommendations_code').on(t.tenantSlug, t.code),
    index('recommendations_referrer').on(t.referrerId, t.createdAt),
    index('recommendations_client').on(t.tenantSlug, t.clientKey, t.createdAt),
    index('recommendations_agency').on(t.agencyId, t.createdAt, t.id),
    index('recommendations_agency_progress').on(t.agencyId, t.progress, t.createdAt, t.id),
  ],
)

/**
 * Landings on a recommendation and clicks with their channel, counted once per visitor and day. The
 * visitor is an HMAC of the client IP and the day, kept nowhere else and on nothing of the visitor's.
 */
export const recommendationVisits = pgTable(
  'recommendation_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull().default(''),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('recommendation_visits_once').on(t.recommendationId, t.kind, t.visitorKey, t.day)],
)
