import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Two-factor sign-in (docs/SECURITY.md "Two-factor sign-in").
 *
 * A user's authenticator-app secret, sealed with the secret box (never in plain text). Made by
 * set-up (`confirmed_at` null: not in force yet) and in force once a code from the app confirms
 * it. `last_used_step` is the 30-second step of the last code accepted: a code is taken only for
 * a later step, so each code works once, even when two arrive together (one conditional update).
 */
export const totpCredentials = pgTable(
  'totp_credentials',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  (table) => [
    check(
      'totp_credentials_step_positive',
      sql`${table.lastUsedStep} is null or ${table.lastUsedStep} > 0`,
    ),
  ],
);

/**
 * Recovery codes: argon2id hashes only (80 bits each, below the 112 that a plain hash would
 * need). Each works once (`used_at`); a new set deletes the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/**
 * A sign-in between its password and its second factor: only the SHA-256 of the token the page
 * holds is kept; it works until `expires_at`, for a few codes (`attempts`), and once (`used_at`).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('sign_in_challenges_user_idx').on(table.userId),
    check('sign_in_challenges_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('sign_in_challenges_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
