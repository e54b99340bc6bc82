import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const tenants = pgTable('tenants', {
  slug: text('slug').primaryKey(),
  /** TenantSettings (lib/shared/tenants/settings.ts), validated on every read. */
  settings: jsonb('settings').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
