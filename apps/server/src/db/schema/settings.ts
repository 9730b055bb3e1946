import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Small facts about the installation itself, one JSON value per key: for example when demo
 * data was seeded, so that a restart never seeds twice.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
