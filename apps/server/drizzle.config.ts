import { defineConfig } from 'drizzle-kit'

// Used only to generate SQL migrations from the schema (`npm run db:generate -w @hookpost/server`); the app applies
// them itself at start (src/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
})
