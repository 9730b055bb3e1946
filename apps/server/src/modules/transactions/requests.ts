/**
 * A user's buy and sell requests: the checks before one is written (own account, active merchant,
 * limits, the quote's locked rate, the merchant balance for a sell) and the insert with its
 * idempotency key. One file past 300 lines because buy and sell share every check but one and are
 * clearer side by side than split by kind.
 */
import { addAmounts, compareAmounts, krwTotal } from '@portal/contract/money';
import type {
  AccountPosition,
  CreateTransactionRequest,
  TransactionType,
} from '@portal/contract/transactions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agencies,
  merchantAccounts,
  transactionEvents,
  transactions,
  users,
} from '@server/db/schema';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import {
  applyBalanceReading,
  isOverdraft,
  ledgerFor,
  lockAccountLedger,
  negate,
  postEntry,
  readPosition,
  settlementMarker,
} from '@server/modules/ledger/ledger';
import { notifyTransactionChange } from '@server/modules/live/notify';
import { MerchantError } from '@server/modules/merchants/adapter';
import { callMerchantForAccount } from '@server/modules/merchants/adapters-plugin';
import { findOwnAccount } from '@server/modules/accounts/repository';
import { findPayeeRow } from '@server/modules/payees/repository';
import { trimDecimal } from '@portal/contract/decimal';
import type { MerchantRow } from '@server/modules/merchants/repository';
import { quoteSigner } from '@server/modules/rates/quotes';
import { currentRate, findRate } from '@server/modules/rates/repository';
import { holdName } from '@server/modules/kyc/name-lock';
import { buyRequestExpiresAt } from './state-moves';
import { nextTransactionNumber } from './repository';

type AccountRow = typeof merchantAccounts.$inferSelect;

/** Runs inside the request's transaction after it is written (the idempotency key is kept here,
 * so the key and the request commit together). */
export type BeforeCommit = (tx: Database, transactionId: string) => Promise<void>;

/** The user's account and its merchant (one query); another user's account is not found. */
async function ownAccount(db: Database, userId: string, accountId: string) {
  const found = await findOwnAccount(db, userId, accountId);
  if (!found) throw new AppError('NOT_FOUND', 'This account does not exist.');
  return found;
}

function requireActive(merchant: MerchantRow): MerchantRow {
  if (merchant.status !== 'active') throw new AppError('MERCHANT_NOT_AVAILABLE');
  return merchant;
}

function checkLimits(merchant: MerchantRow, amount: string): void {
  if (
    compareAmounts(amount, merchant.minPerRequest) < 0 ||
    compareAmounts(amount, merchant.maxPerRequest) > 0
  ) {
    throw new AppError(
      'AMOUNT_OUT_OF_LIMITS',
      `${merchant.name} accepts from ${merchant.minPerRequest} to ${merchant.maxPerRequest} ${merchant.asset} per request.`,
    );
  }
}

/** The rate the quote locks; the quote must be for this side and this merchant's asset. */
async function lockedRate(
  app: FastifyInstance,
  token: string,
  side: TransactionType,
  merchant: MerchantRow,
  now: Date,
) {
  const quote = quoteSigner(app.keyFor('rate-quotes'), app.config.quoteMaxAgeSeconds).verify(
    token,
    now,
  );
  if (quote.side !== side || quote.asset !== merchant.asset) throw new AppError('QUOTE_INVALID');
  const rate = await findRate(app.db, quote.rateId);
  if (!rate) throw new AppError('QUOTE_INVALID');
  // A quote dies with its rate (docs/decisions/010): once the operator has set another rate (a
  // corrected typo, say), a page still showing the old one must not make a request at it.
  const current = await currentRate(app.db, merchant.asset);
  if (current?.id !== rate.id) throw new AppError('QUOTE_RATE_CHANGED');
  return { rateId: rate.id, rateKrw: side === 'buy' ? rate.buyRateKrw : rate.sellRateKrw };
}

/** The merchant's figure for the account, or undefined when the merchant does not answer. */
async function merchantBalance(
  app: FastifyInstance,
  merchant: MerchantRow,
  account: AccountRow,
): Promise<string | undefined> {
  try {
    const { balance } = await callMerchantForAccount(
      app,
      merchant,
      account,
      (adapter, linked, signal) => adapter.getBalance(linked, signal),
    );
    return balance;
  } catch (error) {
    if (error instanceof MerchantError && error.kind === 'link_invalid') {
      throw new AppError('MERCHANT_LINK_INVALID');
    }
    app.log.warn(
      { merchantId: merchant.id, kind: error instanceof MerchantError ? error.kind : 'unexpected' },
      'merchant balance unavailable',
    );
    return undefined;
  }
}

/**
 * Balance, open position and available of an account: reads the merchant's balance and records
 * it in the ledger; when the merchant does not answer, the ledger's last figure (see syncedAt).
 */
export async function accountPosition(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<AccountPosition> {
  const { account, merchant } = await ownAccount(app.db, userId, accountId);
  const marker = await settlementMarker(app.db, account.id);
  const reading =
    merchant.status === 'active' ? await merchantBalance(app, merchant, account) : undefined;
  if (reading !== undefined) {
    await app.db.transaction(async (tx) => {
      const ledger = await ledgerFor(tx, account);
      await lockAccountLedger(tx, ledger);
      await applyBalanceReading(tx, ledger, account.id, reading, marker);
    });
  }
  const position = await readPosition(app.db, account.id);
  return {
    accountId: account.id,
    asset: merchant.asset,
    balance: trimDecimal(addAmounts(position.holding, position.reserved)),
    openPosition: trimDecimal(position.reserved),
    available: trimDecimal(position.holding),
    syncedAt: position.syncedAt?.toISOString() ?? null,
  };
}

/**
 * A sell request: the amount is reserved at once (holding -> reserved). The merchant's balance is
 * read first and recorded; then, with the account's ledger rows locked, the reservation is posted.
 * If it would overdraw `holding`, the database refuses it and nothing is written.
 */
export async function createSell(
  app: FastifyInstance,
  userId: string,
  input: CreateTransactionRequest,
  beforeCommit?: BeforeCommit,
): Promise<string> {
  const now = new Date();
  const { account, merchant: found } = await ownAccount(app.db, userId, input.accountId);
  const merchant = requireActive(found);
  const amount = input.amount;
  checkLimits(merchant, amount);
  const rate = await lockedRate(app, input.quoteToken, 'sell', merchant, now);
  // The won is paid only to the seller's registered account, and the sell keeps a copy of it, so
  // a later change never redirects a payout already asked for (docs/decisions/010).
  const payee = await findPayeeRow(app.db, userId);
  if (!payee) throw new AppError('PAYEE_REQUIRED');
  const marker = await settlementMarker(app.db, account.id);
  const reading = await merchantBalance(app, merchant, account);
  const position = await readPosition(app.db, account.id);
  if (reading === undefined && position.syncedAt === null) {
    // Never read: the portal cannot know what there is to sell.
    throw new AppError('MERCHANT_UNAVAILABLE');
  }

  try {
    return await app.db.transaction(async (tx) => {
      const ledger = await ledgerFor(tx, account);
      await lockAccountLedger(tx, ledger);
      if (reading !== undefined) {
        await applyBalanceReading(tx, ledger, account.id, reading, marker);
      }
      const id = await insertRequest(tx, {
        type: 'sell',
        userId,
        account,
        amount,
        rate,
        totalKrw: krwTotal(amount, rate.rateKrw, 'sell'),
        expiresAt: null,
        payee,
        now,
      });
      await postEntry(tx, 'sell_reserve', id, [
        { ledgerAccountId: ledger.holdingId, amount: negate(amount) },
        { ledgerAccountId: ledger.reservedId, amount },
      ]);
      await beforeCommit?.(tx, id);
      return id;
    });
  } catch (error) {
    if (isOverdraft(error)) throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
}

/** A buy request: waits for the won deposit to the user's partner agency bank account. */
export async function createBuy(
  app: FastifyInstance,
  userId: string,
  input: CreateTransactionRequest,
  beforeCommit?: BeforeCommit,
): Promise<string> {
  const now = new Date();
  const { account, merchant: found } = await ownAccount(app.db, userId, input.accountId);
  const merchant = requireActive(found);
  checkLimits(merchant, input.amount);
  const rate = await lockedRate(app, input.quoteToken, 'buy', merchant, now);

  return app.db.transaction(async (tx) => {
    // A rename waits for this buy, and then sees it (docs/decisions/010).
    await holdName(tx, userId);
    const { bankName, accountNumber, accountHolder } = await receivingAccount(tx, userId);
    const id = await insertRequest(tx, {
      type: 'buy',
      userId,
      account,
      amount: input.amount,
      rate,
      totalKrw: krwTotal(input.amount, rate.rateKrw, 'buy'),
      expiresAt: buyRequestExpiresAt(now, app.config.buyRequestTtlHours),
      // The account shown to the user is the one the request keeps: a later change of the
      // agency's account never changes what an open request shows (docs/decisions/010).
      depositAccount: { bankName, accountNumber, accountHolder },
      now,
    });
    await beforeCommit?.(tx, id);
    return id;
  });
}

/**
 * The partner agency bank account a buy's deposit goes to, with the agency's row held `for share`
 * until the buy commits: disabling the agency takes it `for update`, so a buy is either made
 * before the agency was disabled or refused (docs/decisions/022).
 */
async function receivingAccount(tx: Database, userId: string) {
  const [user] = await tx
    .select({ agencyId: users.agencyId })
    .from(users)
    .where(eq(users.id, userId));
  const [agency] = user?.agencyId
    ? await tx
        .select({
          status: agencies.status,
          bankName: agencies.bankName,
          accountNumber: agencies.bankAccountNumber,
          accountHolder: agencies.bankAccountHolder,
        })
        .from(agencies)
        .where(eq(agencies.id, user.agencyId))
        .for('share')
    : [];
  if (agency && agency.status !== 'active') throw new AppError('AGENCY_NOT_TAKING_BUYS');
  const { bankName, accountNumber, accountHolder } = agency ?? {};
  if (!bankName || !accountNumber || !accountHolder) throw new AppError('DEPOSIT_ACCOUNT_MISSING');
  return { bankName, accountNumber, accountHolder };
}

async function insertRequest(
  tx: Database,
  input: {
    type: TransactionType;
    userId: string;
    account: AccountRow;
    amount: string;
    rate: { rateId: string; rateKrw: string };
    totalKrw: string;
    expiresAt: Date | null;
    /** Buys: the partner agency bank account the deposit is to be paid into. */
    depositAccount?: { bankName: string; accountNumber: string; accountHolder: string };
    /** Sells: the payee bank account the won is to be paid into. */
    payee?: { bankCode: string; accountNumber: string; holderName: string };
    now: Date;
  },
): Promise<string> {
  if (input.totalKrw === '0') throw new AppError('AMOUNT_OUT_OF_LIMITS');
  // Held until commit, so the account cannot be deleted under a request being made on it.
  const still = await tx.execute(
    sql`select id from merchant_accounts where id = ${input.account.id} and user_id = ${input.userId} for share`,
  );
  if (still.rows.length === 0) throw new AppError('NOT_FOUND', 'This account does not exist.');
  const [row] = await tx
    .insert(transactions)
    .values({
      number: await nextTransactionNumber(tx, input.type),
      type: input.type,
      status: 'Requested',
      userId: input.userId,
      merchantId: input.account.merchantId,
      accountId: input.account.id,
      accountName: input.account.name,
      accountNumber: input.account.accountNumber,
      amount: input.amount,
      rateId: input.rate.rateId,
      rateKrw: input.rate.rateKrw,
      totalKrw: input.totalKrw,
      expiresAt: input.expiresAt,
      depositBankName: input.depositAccount?.bankName ?? null,
      depositAccountNumber: input.depositAccount?.accountNumber ?? null,
      depositAccountHolder: input.depositAccount?.accountHolder ?? null,
      payeeBankCode: input.payee?.bankCode ?? null,
      payeeAccountNumber: input.payee?.accountNumber ?? null,
      payeeHolderName: input.payee?.holderName ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: transactions.id });
  await tx.insert(transactionEvents).values({
    transactionId: row!.id,
    move: 'request',
    fromStatus: null,
    toStatus: 'Requested',
    actorKind: 'user',
    actorUserId: input.userId,
    at: input.now,
  });
  await notifyTransactionChange(tx, {
    userId: input.userId,
    transactionId: row!.id,
    status: 'Requested',
  });
  return row!.id;
}
