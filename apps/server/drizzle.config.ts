import { defineConfig } from 'drizzle-kit';

// `drizzle-kit generate` only diffs the schema against the previous snapshots in ./drizzle; it
// never connects to a database. Migrations are applied by the server itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
