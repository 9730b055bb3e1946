/**
 * The money tables: merchants' ledger, rates, transactions, deposits, their links and refunds.
 * Past 300 lines because their checks and foreign keys refer to each other (one deposit pays at
 * most one buy, every won is accounted for) and are kept in one file with the migration that
 * guards them (docs/decisions/008, docs/decisions/010).
 */
import {
  CREDIT_STATUSES,
  DEPOSIT_REVIEW_REASONS,
  REFUND_REASONS,
  DEPOSIT_SOURCES,
  DEPOSIT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@portal/contract/transactions';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { agencies, users } from './identity';
import { merchantAccounts, merchants } from './merchants';

/** Asset amounts: never a float (docs/PRODUCT.md "Money"). */
const assetAmount = (name: string) => numeric(name, { precision: 30, scale: 8 });
/** Korean won has no minor unit. */
const krw = (name: string) => numeric(name, { precision: 20, scale: 0 });
/** Won per unit of the asset, two decimal places. */
const rate = (name: string) => numeric(name, { precision: 14, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Operator-set rates per asset. The newest row is the current rate; older rows are the history. */
export const rates = pgTable(
  'rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    asset: text('asset').notNull(),
    buyRateKrw: rate('buy_rate_krw').notNull(),
    sellRateKrw: rate('sell_rate_krw').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: at('set_at').notNull().defaultNow(),
    // The rates this row replaced, kept with it so the history reads from -> to (decision 023).
    previousBuyRateKrw: rate('previous_buy_rate_krw'),
    previousSellRateKrw: rate('previous_sell_rate_krw'),
  },
  (table) => [
    check('rates_positive', sql`${table.buyRateKrw} > 0 and ${table.sellRateKrw} > 0`),
    index('rates_asset_set_at_idx').on(table.asset, table.setAt),
  ],
);

/** Human-readable transaction numbers (B00000042, S00000043) come from one sequence. */
export const transactionNumberSeq = pgSequence('transaction_number_seq');

/** Buy and sell requests. Status moves only through modules/transactions/state-moves.ts. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Kept when the account is deleted later (only accounts without open requests can be). */
    accountId: uuid('account_id').references(() => merchantAccounts.id, { onDelete: 'set null' }),
    /** Copies of what the request was made with, so history reads the same after a rename. */
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: assetAmount('amount').notNull(),
    rateId: uuid('rate_id')
      .notNull()
      .references(() => rates.id),
    rateKrw: rate('rate_krw').notNull(),
    totalKrw: krw('total_krw').notNull(),
    /** Buy requests only: when it stops waiting for a deposit. */
    expiresAt: at('expires_at'),
    /** Why processing is delayed: set when a deposit needs a person. */
    delayReason: text('delay_reason', { enum: DEPOSIT_REVIEW_REASONS }),
    payoutReference: text('payout_reference'),
    /** Sells: set when the merchant debit was first sent. From then on, until the merchant
     * answers, the sale can be neither cancelled nor sent again under another key. */
    debitSentAt: at('debit_sent_at'),
    /** Sells: when the merchant confirmed the debit; only then may the won be paid out. */
    debitConfirmedAt: at('debit_confirmed_at'),
    /** Sells: why the merchant refused the debit (insufficient_funds, link_invalid): nobody
     * may pay this sale out; the operator cancels it. */
    debitFailure: text('debit_failure'),
    /**
     * Buys: the deposit that paid it. Unique, so one deposit pays at most one buy; a Completed
     * buy must name one (docs/decisions/010).
     */
    settledByDepositId: uuid('settled_by_deposit_id')
      .unique()
      .references((): AnyPgColumn => deposits.id),
    /** Buys completed at a deposited amount that differed: what was asked for at first. */
    requestedAmount: assetAmount('requested_amount'),
    requestedTotalKrw: krw('requested_total_krw'),
    /** Buys: the partner agency bank account shown when it was made; a later change of the
     * agency's account never changes it, and only a deposit on this account settles it. */
    depositBankName: text('deposit_bank_name'),
    depositAccountNumber: text('deposit_account_number'),
    depositAccountHolder: text('deposit_account_holder'),
    /** Sells: the seller's payee bank account when it was made; the won is paid out to it. */
    payeeBankCode: text('payee_bank_code'),
    payeeAccountNumber: text('payee_account_number'),
    payeeHolderName: text('payee_holder_name'),
    /** The agency of the owner while the owner is one of its clients, kept by triggers from
     * users (migration 0007) so an agency's list is one index range like a user's. */
    clientAgencyId: uuid('client_agency_id').references(() => agencies.id),
    creditStatus: text('credit_status', { enum: CREDIT_STATUSES })
      .notNull()
      .default('not_applicable'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [
    check('transactions_type_known', sql`${table.type} in ('buy', 'sell')`),
    check(
      'transactions_status_known',
      sql`${table.status} in ('Requested', 'Pending', 'Completed', 'Cancelled')`,
    ),
    check('transactions_amount_positive', sql`${table.amount} > 0 and ${table.totalKrw} > 0`),
    check(
      'transactions_buy_expires',
      sql`(${table.type} = 'buy') = (${table.expiresAt} is not null)`,
    ),
    check(
      'transactions_sell_completed_paid',
      sql`not (${table.type} = 'sell' and ${table.status} = 'Completed') or ${table.payoutReference} is not null`,
    ),
    // Migration 0010 adds a trigger for the rules that hold from a move on, not for old rows:
    // a buy completes only naming its deposit, a sell only after the merchant debit; a new buy
    // keeps the deposit account it showed, a new sell its payee (docs/decisions/010).
    // The lists' order is (created_at, number) both ways. Each index also carries every column
    // their filters read (status, type) and the id, so paging and counting are index-only scans:
    // skipping 200,000 rows reads index pages, not 200,000 table rows (docs/BENCHMARKS.md).
    // Per user: My Transactions and every per-user lookup (the old (user_id, created_at) index
    // is this one's prefix).
    index('transactions_user_list_idx').on(
      table.userId,
      table.createdAt,
      table.number,
      table.status,
      table.type,
      table.id,
    ),
    // An agency's Client Transactions: the same, per agency.
    index('transactions_agency_list_idx')
      .on(table.clientAgencyId, table.createdAt, table.number, table.status, table.type, table.id)
      .where(sql`${table.clientAgencyId} is not null`),
    index('transactions_status_idx').on(table.status, table.type),
    index('transactions_account_idx').on(table.accountId),
    // Deposit matching looks buys up by their won amount (modules/deposits/service.ts).
    index('transactions_buy_total_idx')
      .on(table.totalKrw, table.createdAt)
      .where(sql`${table.type} = 'buy'`),
    // ...and open buy requests by amount and by owner: only the open ones, a few thousand rows
    // however long the history, so a deposit never walks a busy client's years of buys.
    index('transactions_open_buy_total_idx')
      .on(table.totalKrw)
      .where(sql`${table.type} = 'buy' and ${table.status} = 'Requested'`),
    index('transactions_open_buy_user_idx')
      .on(table.userId)
      .where(sql`${table.type} = 'buy' and ${table.status} = 'Requested'`),
  ],
);

/**
 * How many transactions each user has, per status and type, kept by triggers on transactions
 * (migration 0007) in the same database transaction as the change. The lists' exact total is a
 * sum of at most eight of these rows instead of a count over every matching row: at 250,000
 * transactions the count alone took longer than the whole page should (docs/BENCHMARKS.md).
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.status, table.type] })],
);

/**
 * The same per agency (its clients' transactions), kept by the same triggers and moved along
 * when a user's agency or role changes. Each count is spread over slots: a writer takes one no
 * other open transaction holds, or opens another (migration 0009), so concurrent moves of one
 * agency's transactions never queue on a single row; the total is the sum over the slots.
 */
export const agencyTransactionCounts = pgTable(
  'agency_transaction_counts',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.agencyId, table.status, table.type, table.slot] })],
);

/** Every move of a transaction: who, when, why. Append-only. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    move: text('move').notNull(),
    fromStatus: text('from_status', { enum: TRANSACTION_STATUSES }),
    toStatus: text('to_status', { enum: TRANSACTION_STATUSES }).notNull(),
    actorKind: text('actor_kind', { enum: ['user', 'operator', 'system'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    note: text('note'),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('transaction_events_transaction_idx').on(table.transactionId, table.id)],
);

/**
 * Money-moving POSTs by Idempotency-Key: the first request's fingerprint and, once it finished,
 * its response; a replay gets that response back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/**
 * Ledger accounts (docs/PRODUCT.md "Ledger"). Per saved merchant account: `holding` (the asset free to sell)
 * and `reserved` (held by open sells: the open position). Per merchant: `merchant` (the other side
 * of every credit, debit and balance reading; it may go negative). `balance` is written only by the
 * posting trigger (migration 0005), and the check below makes an overdraft impossible.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['holding', 'reserved', 'merchant'] }).notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    merchantAccountId: uuid('merchant_account_id').references(() => merchantAccounts.id, {
      onDelete: 'set null',
    }),
    balance: assetAmount('balance').notNull().default('0'),
    /** When `holding` last took the merchant's own figure. */
    syncedAt: at('synced_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('ledger_accounts_kind_known', sql`${table.kind} in ('holding', 'reserved', 'merchant')`),
    check('ledger_accounts_no_overdraft', sql`${table.kind} = 'merchant' or ${table.balance} >= 0`),
    uniqueIndex('ledger_accounts_per_account_idx')
      .on(table.merchantAccountId, table.kind)
      .where(sql`${table.merchantAccountId} is not null`),
    uniqueIndex('ledger_accounts_merchant_idx')
      .on(table.merchantId)
      .where(sql`${table.kind} = 'merchant'`),
  ],
);

/** One balanced movement: its postings sum to zero (checked at commit by a deferred trigger). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: [
        'balance_reading',
        'sell_reserve',
        'sell_release',
        'sell_settle',
        'buy_credit',
        // A sell cancelled after the merchant debited it: the asset goes back to the account.
        'sell_return',
      ],
    }).notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ledger_entries_transaction_idx').on(table.transactionId)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: assetAmount('amount').notNull(),
  },
  (table) => [
    check('ledger_postings_nonzero', sql`${table.amount} <> 0`),
    index('ledger_postings_entry_idx').on(table.entryId),
    index('ledger_postings_account_idx').on(table.ledgerAccountId),
  ],
);

/**
 * Bank deposits, however they arrived. The bank reference is unique: a deposit delivered five
 * times is recorded once. `matchedTransactionId` is unique too, and the buy it paid names it back
 * (`transactions.settled_by_deposit_id`, unique): a deposit completes at most one request, and a
 * request is paid by at most one deposit. A deposit that pays nothing is owed back to its sender
 * (refund_due -> refunded, or written_off with a reason; docs/decisions/010).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bankReference: text('bank_reference').notNull().unique(),
    depositorName: text('depositor_name').notNull(),
    amountKrw: krw('amount_krw').notNull(),
    receivedAt: at('received_at').notNull(),
    receivingAccount: text('receiving_account'),
    source: text('source', { enum: DEPOSIT_SOURCES }).notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull(),
    reviewReason: text('review_reason', { enum: DEPOSIT_REVIEW_REASONS }),
    matchedTransactionId: uuid('matched_transaction_id')
      .unique()
      .references(() => transactions.id),
    relatedTransactionIds: jsonb('related_transaction_ids').$type<string[]>().notNull().default([]),
    /** Before 0010: the operator's free text when closing a deposit (kept for history). */
    resolution: text('resolution'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Refunds: why the won goes back, and the request whose owner is told (if any). */
    refundReason: text('refund_reason', { enum: REFUND_REASONS }),
    refundTransactionId: uuid('refund_transaction_id').references(
      (): AnyPgColumn => transactions.id,
    ),
    /** Refunded: the bank's reference of the transfer back, its date, and who recorded it. */
    refundBankReference: text('refund_bank_reference'),
    refundedAt: at('refunded_at'),
    /** Written off: why no refund will be made. */
    writeOffReason: text('write_off_reason'),
    /** The operator who last decided it (matched, refund due, refunded, written off). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('deposits_amount_positive', sql`${table.amountKrw} > 0`),
    check(
      'deposits_status_known',
      sql`${table.status} in ('settled', 'review', 'refund_due', 'refunded', 'written_off')`,
    ),
    check(
      'deposits_refund_has_reason',
      sql`${table.status} not in ('refund_due', 'refunded') or ${table.refundReason} is not null`,
    ),
    check(
      'deposits_refunded_recorded',
      sql`${table.status} <> 'refunded' or (${table.refundBankReference} is not null and ${table.refundedAt} is not null)`,
    ),
    check(
      'deposits_written_off_has_reason',
      sql`${table.status} <> 'written_off' or ${table.writeOffReason} is not null`,
    ),
    check(
      'deposits_unused_not_matched',
      sql`${table.status} = 'settled' or ${table.matchedTransactionId} is null`,
    ),
    check(
      'deposits_review_has_reason',
      sql`${table.status} <> 'review' or ${table.reviewReason} is not null`,
    ),
    check(
      'deposits_settled_has_match',
      sql`${table.status} <> 'settled' or ${table.matchedTransactionId} is not null`,
    ),
    index('deposits_status_created_idx').on(table.status, table.createdAt),
    index('deposits_refund_transaction_idx')
      .on(table.refundTransactionId)
      .where(sql`${table.refundTransactionId} is not null`),
  ],
);

/**
 * The bank account a seller's won is paid out to (docs/PRODUCT.md "Transaction states"): one per user, in
 * the user's verified name. A sell keeps a copy of it (transactions.payee_*), so changing it later
 * never redirects a payout already asked for.
 */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's KOREAN_BANKS codes (the KFTC bank code, e.g. 004 KB Kookmin). */
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [check('payee_accounts_bank_code', sql`${table.bankCode} ~ '^[0-9]{3}$'`)],
);

/** Signatures of bank webhook deliveries already accepted, kept for the timestamp window. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  signature: text('signature').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Outbox of merchant credits for completed buys: written in the same database transaction as the
 * completion, delivered by a worker with the row id as the merchant's idempotency key, retried
 * until the merchant acknowledges (docs/decisions/008).
 */
export const merchantCredits = pgTable(
  'merchant_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    merchantTransferId: text('merchant_transfer_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (table) => [index('merchant_credits_due_idx').on(table.status, table.nextAttemptAt)],
);
