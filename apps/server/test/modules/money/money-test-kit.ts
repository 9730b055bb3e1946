import type { Approval } from '@portal/contract/approvals';
import { approveAs } from '@test/approvals';
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DepositNotification,
  DepositSource,
  TransactionDetail,
  TransactionStatus,
  TransactionType,
} from '@portal/contract/transactions';
import { sql } from 'drizzle-orm';
import type { UserRole } from '@portal/contract/users';
import type { Config } from '@server/config';
import { agencies, merchants, payeeAccounts, rates, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import { recordDeposit, type RecordedDeposit } from '@server/modules/deposits/service';
import { driftedAccounts, ledgerTotal } from '@server/modules/ledger/ledger';
import { seedSandboxAccount } from '@server/modules/merchants/adapters/sandbox-adapter';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import { expireBuyRequests } from '@server/modules/transactions/workers';
import { buildTestApp } from '@test/helpers';
import { markIdentityVerified } from '@test/identity';
import { giveTwoFactor } from '@test/two-factor';

/**
 * Money tests run the real thing: the real app on the test database (PGlite, or PostgreSQL with
 * DATABASE_URL), a real sandbox merchant whose books are in the same database, real sessions.
 * Every kit makes its own asset code, merchant, agency and people with unique names, so tests on a
 * shared database never match each other's deposits. Nothing is deleted at the end: the ledger is
 * append-only by design.
 */
export const SANDBOX_PASSWORD = 'sandbox-password';
export const BUY_RATE = '1392.50';
export const SELL_RATE = '1381.00';

export interface Person {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  browser: BrowserClient;
}

export interface MoneyKit {
  app: App;
  asset: string;
  merchantId: string;
  agencyId: string;
  person(options?: { role?: UserRole; name?: string }): Promise<Person>;
  /** A sandbox merchant account with `balance`, saved by `owner` through the API. */
  account(owner: Person, balance?: string): Promise<{ id: string; accountNumber: string }>;
  quote(owner: Person, side: TransactionType): Promise<string>;
  request(
    owner: Person,
    side: TransactionType,
    accountId: string,
    amount: string,
    key?: string,
  ): ReturnType<BrowserClient['post']>;
  /** Makes a request and returns it; throws unless 201. */
  made(
    owner: Person,
    side: TransactionType,
    accountId: string,
    amount: string,
  ): Promise<TransactionDetail>;
  /**
   * Four-eyes (docs/decisions/017): a second operator approves what a guarded request asked (its
   * 202) through the API; throws unless it waited and went through. Returns the approval.
   */
  approve(asked: Awaited<ReturnType<BrowserClient['post']>>): Promise<Approval>;
  close(): Promise<void>;
}

/** A name no other test uses: Hangul syllables from random bits. */
/**
 * The most units a test request asks for unless its kit says otherwise. Deposit matching looks at
 * every open request in the database, and test files share one on PostgreSQL: a file that holds
 * many open requests at once asks for more units than this, so no other file's deposit fits them.
 */
export const MAX_PER_REQUEST = '1000000';

export function uniqueKoreanName(): string {
  const bytes = randomBytes(4);
  return [...bytes]
    .map((byte, index) => String.fromCharCode(0xac00 + byte * 40 + index * 7))
    .join('');
}

export async function moneyKit(
  options: { config?: Partial<Config>; maxPerRequest?: string } = {},
): Promise<MoneyKit> {
  const app = await buildTestApp({
    bankWebhookSecret: 'test-bank-webhook-secret-0123456789abcdef',
    ...options.config,
  });
  await app.ready();
  const asset = `T${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
  const [merchant] = await app.db
    .insert(merchants)
    .values({
      code: `M-${asset}`,
      name: `Sandbox ${asset}`,
      asset,
      minPerRequest: '0.00000001',
      maxPerRequest: options.maxPerRequest ?? MAX_PER_REQUEST,
      connection: 'sandbox',
    })
    .returning({ id: merchants.id });
  await app.db.insert(rates).values({ asset, buyRateKrw: BUY_RATE, sellRateKrw: SELL_RATE });
  const [agency] = await app.db
    .insert(agencies)
    .values({
      code: `AG-${asset}`,
      name: `Agency ${asset}`,
      bankName: '국민은행',
      bankAccountNumber: `100-${asset}`,
      bankAccountHolder: '(주)테스트',
    })
    .returning({ id: agencies.id });

  async function person(personOptions: { role?: UserRole; name?: string } = {}): Promise<Person> {
    const role = personOptions.role ?? 'client';
    const name = personOptions.name ?? uniqueKoreanName();
    const email = uniqueEmail(`money-${role}`);
    const [row] = await app.db
      .insert(users)
      .values({
        email,
        name,
        phone: '010-1234-5678',
        passwordHash: 'no-password',
        role,
        agencyId: agency!.id,
        // Email confirmed, as after opening the mailed link: money waits for it (docs/decisions/027).
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    // Everyone can sell: a sell needs a payee (docs/decisions/010); payee tests replace it.
    await app.db.insert(payeeAccounts).values({
      userId: row!.id,
      bankCode: '004',
      accountNumber: `110-${String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0')}-000000`,
      holderName: name,
    });
    // Everyone here is verified: buying and selling wait for it (KYC_REQUIRED otherwise).
    await markIdentityVerified(app, row!.id);
    // And two-factor on: selling and the payee need it (docs/decisions/026).
    await giveTwoFactor(app, row!.id, email);
    const { token } = await createSession(
      app.db,
      row!.id,
      { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
      { ip: null, userAgent: null },
      // As a sign-in with both factors leaves it (staff need them: docs/SECURITY.md).
      true,
    );
    const browser = new BrowserClient(app);
    browser.cookies.set(SESSION_COOKIE, token);
    await browser.visit();
    return { id: row!.id, name, email, role, browser };
  }

  async function account(owner: Person, balance = '100') {
    const accountNumber = `SB-${randomBytes(5).toString('hex')}`;
    await seedSandboxAccount(app.db, merchant!.id, {
      accountNumber,
      password: SANDBOX_PASSWORD,
      holderName: owner.name,
      balance,
    });
    const verified = await owner.browser.post('/api/accounts/verify', {
      merchantId: merchant!.id,
      accountNumber,
      password: SANDBOX_PASSWORD,
    });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const saved = await owner.browser.post('/api/accounts', {
      verificationId: verified.json<{ verificationId: string }>().verificationId,
    });
    if (saved.statusCode !== 201) throw new Error(`save failed: ${saved.body}`);
    return { id: saved.json<{ id: string }>().id, accountNumber };
  }

  async function quote(owner: Person, side: TransactionType) {
    const response = await owner.browser.get(`/api/quotes?merchantId=${merchant!.id}&side=${side}`);
    if (response.statusCode !== 200) throw new Error(`quote failed: ${response.body}`);
    return response.json<{ token: string }>().token;
  }

  async function request(
    owner: Person,
    side: TransactionType,
    accountId: string,
    amount: string,
    key: string = randomUUID(),
  ) {
    return owner.browser.post(
      `/api/transactions/${side}`,
      { accountId, amount, quoteToken: await quote(owner, side) },
      { headers: { 'idempotency-key': key } },
    );
  }

  async function made(owner: Person, side: TransactionType, accountId: string, amount: string) {
    const response = await request(owner, side, accountId, amount);
    if (response.statusCode !== 201) throw new Error(`${side} failed: ${response.body}`);
    return response.json<TransactionDetail>();
  }

  let checker: Person | undefined;
  async function approve(asked: Awaited<ReturnType<BrowserClient['post']>>) {
    checker ??= await person({ role: 'operator', name: '승인자' });
    return approveAs(checker.browser, asked);
  }

  return {
    app,
    asset,
    approve,
    merchantId: merchant!.id,
    agencyId: agency!.id,
    person,
    account,
    quote,
    request,
    made,
    close: () => app.close(),
  };
}

/** A bank reference no other test uses. */
export function uniqueReference(prefix = 'BANK'): string {
  return `${prefix}-${randomBytes(8).toString('hex')}`;
}

/** A deposit through the one real path (recordDeposit), received now unless told otherwise. */
export function deposit(
  app: App,
  input: Omit<DepositNotification, 'bankReference' | 'receivedAt'> & {
    bankReference?: string;
    receivedAt?: string;
  },
  source: DepositSource = 'webhook',
): Promise<RecordedDeposit> {
  return recordDeposit(
    app.db,
    {
      bankReference: input.bankReference ?? uniqueReference(),
      receivedAt: input.receivedAt ?? new Date().toISOString(),
      ...input,
    },
    source,
    null,
  );
}

/** The statuses of the given transactions, straight from the database. */
export async function statusesOf(
  app: App,
  ids: readonly string[],
): Promise<Map<string, TransactionStatus>> {
  if (ids.length === 0) return new Map();
  const result = await app.db.execute<{ id: string; status: TransactionStatus }>(
    sql`select id, status from transactions where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(result.rows.map((row) => [row.id, row.status]));
}

export async function statusOf(app: App, id: string): Promise<TransactionStatus | undefined> {
  return (await statusesOf(app, [id])).get(id);
}

/**
 * Runs the expiry sweep as of `now` until it finds nothing more (on a shared database older
 * leftovers may come first; the sweep takes a batch at a time).
 */
export async function sweepExpired(app: App, now: Date): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    if ((await expireBuyRequests(app, now)) === 0) return;
  }
}

/** Ledger accounts (not the merchant's own side) below zero: must be none. */
export async function overdrafts(app: App): Promise<number> {
  const result = await app.db.execute<{ n: string | number }>(
    sql`select count(*) as n from ledger_accounts where kind <> 'merchant' and balance < 0`,
  );
  return Number(result.rows[0]!.n);
}

/** The whole-database ledger invariants: balanced, no drift, no overdraft. */
export async function ledgerHealth(app: App) {
  return {
    total: await ledgerTotal(app.db),
    drifted: await driftedAccounts(app.db),
    overdrafts: await overdrafts(app),
  };
}

export const HEALTHY_LEDGER = { total: '0', drifted: [], overdrafts: 0 };

/**
 * Sum of the amounts the account's sells still hold, as NUMERIC text: Requested ones (a taken,
 * Pending sell has already been debited at the merchant, docs/decisions/010).
 */
export async function openSellTotal(app: App, accountId: string): Promise<string> {
  const result = await app.db.execute<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::text as total from transactions
         where account_id = ${accountId} and type = 'sell' and status = 'Requested'`,
  );
  return result.rows[0]!.total;
}

/** Whether two decimal strings are the same number ("1.50" and "1.5"). */
export function sameAmount(a: string, b: string): boolean {
  const canonical = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
    const trimmedFraction = fraction.replace(/0+$/, '');
    return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
  };
  return canonical(a) === canonical(b);
}

/**
 * An asset amount whose won total no other test's request is likely to have: a deposit with a
 * common total would otherwise concern (and move to review) other tests' open requests on a
 * shared database. From 1,000 units to below `below` (900,000 unless told), with up to three random
 * decimals.
 */
export function uniqueAmount(below = 900_000): string {
  const whole = 1000 + (randomBytes(4).readUInt32BE(0) % (below - 1000));
  const fraction = String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0');
  return `${whole}.${fraction.replace(/0+$/, '') || '5'}`;
}
