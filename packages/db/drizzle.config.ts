import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this; migrations run with drizzle's programmatic migrator (src/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
})
