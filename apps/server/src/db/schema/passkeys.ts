import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Passkeys (docs/SECURITY.md "Two-factor sign-in", docs/decisions/025): WebAuthn credentials a
 * user with the authenticator app on added on Profile. Only the public key is kept (COSE,
 * base64url); `counter` is the authenticator's signature counter, taken only upwards (a clone
 * answering with an older count is refused), or 0 for authenticators that keep none.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose (base64url): one account's, never two. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_idx').on(table.userId),
    check('passkeys_counter_not_negative', sql`${table.counter} >= 0`),
    check('passkeys_name_length', sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/**
 * A WebAuthn challenge the server gave and has not seen back: only its SHA-256 is kept, for one
 * purpose, for one user where the purpose has one (not a sign-in with a passkey alone, which
 * does not know its user yet), until `expires_at`, and once (`used_at`, set before the answer
 * is checked).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    purpose: text('purpose', {
      enum: ['register', 'sign_in', 'second_factor', 'step_up'],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The second step's sign-in challenge (its SHA-256): the passkey answers that sign-in only. */
    signInChallengeHash: text('sign_in_challenge_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'passkey_challenges_purpose',
      sql`${table.purpose} in ('register', 'sign_in', 'second_factor', 'step_up')`,
    ),
    check(
      'passkey_challenges_user_unless_sign_in',
      sql`(${table.purpose} = 'sign_in') = (${table.userId} is null)`,
    ),
    check(
      'passkey_challenges_second_factor_bound',
      sql`(${table.purpose} = 'second_factor') = (${table.signInChallengeHash} is not null)`,
    ),
    check('passkey_challenges_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
