import { defineConfig } from 'drizzle-kit'

// One schema, one set of migrations, applied on start for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './lib/db/migrations',
})
