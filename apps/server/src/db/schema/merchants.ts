import { MERCHANT_CONNECTIONS, MERCHANT_STATUSES } from '@portal/contract/merchants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './identity';

/** Asset amounts: up to 22 digits before the point and 8 after; never a float. */
const assetAmount = (name: string) => numeric(name, { precision: 30, scale: 8 });

/** Partner platforms that keep a balance of the asset for their customers (docs/PRODUCT.md "Merchants"). */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    asset: text('asset').notNull(),
    minPerRequest: assetAmount('min_per_request').notNull(),
    maxPerRequest: assetAmount('max_per_request').notNull(),
    status: text('status', { enum: MERCHANT_STATUSES }).notNull().default('active'),
    connection: text('connection', { enum: MERCHANT_CONNECTIONS }).notNull(),
    baseUrl: text('base_url'),
    keyId: text('key_id'),
    /** AES-256-GCM ciphertext of the HMAC secret, bound to this row's id. */
    secretCiphertext: text('secret_ciphertext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'merchants_limits',
      sql`${table.minPerRequest} > 0 and ${table.maxPerRequest} >= ${table.minPerRequest}`,
    ),
    check('merchants_status_known', sql`${table.status} in ('active', 'disabled')`),
    check('merchants_connection_known', sql`${table.connection} in ('http', 'sandbox')`),
    check(
      'merchants_http_complete',
      sql`${table.connection} <> 'http' or (${table.baseUrl} is not null and ${table.keyId} is not null and ${table.secretCiphertext} is not null)`,
    ),
  ],
);

/**
 * A user's saved account at a merchant. The merchant password is never kept; the link token the
 * merchant returned is, encrypted (AES-256-GCM, this row's id as associated data).
 * Exactly one default per user: a partial unique index makes two impossible.
 */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    linkTokenCiphertext: text('link_token_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One merchant account, one owner (docs/decisions/010): two portal users saving the same
    // account would each see and sell its whole balance.
    uniqueIndex('merchant_accounts_one_owner_idx').on(table.merchantId, table.accountNumber),
    index('merchant_accounts_user_idx').on(table.userId),
    uniqueIndex('merchant_accounts_one_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * A verified but not yet saved account: what Verify learned from the merchant, kept for a few
 * minutes until Submit, so the password is sent once and never stored.
 */
export const accountVerifications = pgTable(
  'account_verifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    linkTokenCiphertext: text('link_token_ciphertext').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('account_verifications_user_idx').on(table.userId)],
);

/** The built-in sandbox merchant's own books (demo and embedded default). */
export const sandboxMerchantAccounts = pgTable(
  'sandbox_merchant_accounts',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    accountNumber: text('account_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    holderName: text('holder_name').notNull(),
    balance: assetAmount('balance').notNull().default('0'),
    /** The portal user who opened it from the Accounts screen; null for seeded accounts. */
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** Closed by the operator: it no longer verifies, and its links stop working. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.accountNumber] }),
    check('sandbox_merchant_accounts_no_overdraft', sql`${table.balance} >= 0`),
    // The per-user limit counts a user's open accounts at a merchant.
    index('sandbox_merchant_accounts_opened_by_idx')
      .on(table.openedBy, table.merchantId)
      .where(sql`${table.closedAt} is null`),
  ],
);

/** Credits and debits the sandbox merchant has applied, by idempotency key: a retry never pays twice. */
export const sandboxMerchantTransfers = pgTable('sandbox_merchant_transfers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  accountNumber: text('account_number').notNull(),
  kind: text('kind', { enum: ['credit', 'debit'] }).notNull(),
  amount: assetAmount('amount').notNull(),
  balanceAfter: assetAmount('balance_after').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
