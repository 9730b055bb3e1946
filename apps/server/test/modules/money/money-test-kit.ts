import { randomBytes, randomUUID } from 'node:crypto';
import type { TransactionDetail, TransactionType } from '@portal/contract/transactions';
import type { UserRole } from '@portal/contract/users';
import type { Config } from '@server/config';
import { agencies, merchants, rates, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import { seedSandboxAccount } from '@server/modules/merchants/adapters/sandbox-adapter';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';

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
  close(): Promise<void>;
}

/** A name no other test uses: Hangul syllables from random bits. */
export function uniqueKoreanName(): string {
  const bytes = randomBytes(4);
  return [...bytes]
    .map((byte, index) => String.fromCharCode(0xac00 + byte * 40 + index * 7))
    .join('');
}

export async function moneyKit(options: { config?: Partial<Config> } = {}): Promise<MoneyKit> {
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
      maxPerRequest: '1000000',
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
      })
      .returning({ id: users.id });
    const { token } = await createSession(
      app.db,
      row!.id,
      { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
      { ip: null, userAgent: null },
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

  return {
    app,
    asset,
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
