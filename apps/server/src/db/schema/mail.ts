import { TRANSACTION_MAIL_EVENTS } from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { transactions } from './money';

/**
 * Email confirmation links (docs/decisions/027): like password reset links, only the SHA-256 of
 * the token is kept, a link works once (`used_at`) until `expires_at`, and a new link replaces the
 * user's earlier ones. `email` is the address the link was mailed to: it confirms that address
 * only, so a link to an old address cannot confirm a newer one.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('email_verifications_user_idx').on(table.userId),
    check(
      'email_verifications_expiry_after_creation',
      sql`${table.expiresAt} > ${table.createdAt}`,
    ),
  ],
);

/**
 * The outbox of transaction mails (docs/decisions/027): a row is written in the same database
 * transaction as the move to completed or cancelled, so the mail exists exactly when the move
 * does; one per transaction and event (the unique index), sent after commit and marked sent, and
 * a failed send is tried again by the drain. Never sent twice: a sender claims the row first.
 */
export const transactionMails = pgTable(
  'transaction_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    event: text('event', { enum: TRANSACTION_MAIL_EVENTS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a sender holds it: another sender leaves it alone until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('transaction_mails_once').on(table.transactionId, table.event),
    index('transaction_mails_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
    check('transaction_mails_event_known', sql`${table.event} in ('completed', 'cancelled')`),
  ],
);
