import { randomBytes, randomUUID } from 'node:crypto';
import type { UserRole } from '@portal/contract/users';
import { inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { Config } from '@server/config';
import { merchants, users } from '@server/db/schema';
import { SecretBox } from '@server/lib/crypto/secret-box';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import {
  MerchantError,
  type MerchantAdapter,
  type VerifiedAccount,
} from '@server/modules/merchants/adapter';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';

export { BrowserClient };

/** The password the fake merchant accepts for every account number. */
export const RIGHT_PASSWORD = 'right-password';
export const HOLDER_NAME = '홍길동';

export interface Person {
  id: string;
  email: string;
  role: UserRole;
  browser: BrowserClient;
}

export interface TestMerchant {
  id: string;
  code: string;
}

/**
 * A test app whose merchants answer through a fake adapter (`kit.adapter`, replaceable per test)
 * and people inserted directly with a session (as in the KYC kit). `close()` removes the people
 * (their accounts and verifications go with them) and then the merchants made here.
 */
export interface AccountsTestKit {
  app: App;
  secretBox: SecretBox;
  /** What `forMerchant` returns; tests assign their own. */
  adapter: MerchantAdapter;
  person(role?: UserRole): Promise<Person>;
  anonymous(): Promise<BrowserClient>;
  merchant(options?: { status?: 'active' | 'disabled' }): Promise<TestMerchant>;
  /** Removes a merchant made through the API on close. */
  trackMerchant(id: string): void;
  /** Verifies with the fake merchant and saves; returns the account id. */
  saveAccount(
    person: Person,
    merchant: TestMerchant,
    accountNumber?: string,
    name?: string,
  ): Promise<string>;
  close(): Promise<void>;
}

/** The fake merchant: any account number, RIGHT_PASSWORD only. */
export function fakeMerchant(): MerchantAdapter {
  const notUsed = () => Promise.reject(new MerchantError('unavailable', 'not in these tests'));
  return {
    async verifyAccount(input): Promise<VerifiedAccount> {
      if (input.password !== RIGHT_PASSWORD) {
        throw new MerchantError('rejected_credentials', 'wrong password');
      }
      return { holderName: HOLDER_NAME, linkToken: `link-${randomUUID()}` };
    },
    getBalance: notUsed,
    credit: notUsed,
    debit: notUsed,
  };
}

export async function accountsTestKit(
  options: { config?: Partial<Config>; logStream?: DestinationStream; timeoutMs?: number } = {},
): Promise<AccountsTestKit> {
  const fallbackBox = new SecretBox(randomBytes(32));
  const app = await buildTestApp(
    options.config ?? {},
    options.logStream ? { logStream: options.logStream } : {},
    (built) => {
      // The secret-box plugin decorates `secretBox` when it is part of the app; until then
      // (or if it is not), tests bring their own key.
      built.register(
        fp(async (root) => {
          if (!root.hasDecorator('secretBox')) root.decorate('secretBox', fallbackBox);
        }),
      );
    },
  );
  await app.ready();
  const kit: AccountsTestKit = {
    app,
    secretBox: app.secretBox,
    adapter: fakeMerchant(),
    person,
    anonymous,
    merchant,
    trackMerchant: (id) => merchantIds.push(id),
    saveAccount,
    close,
  };
  app.merchantAdapters.forMerchant = () => kit.adapter;
  if (options.timeoutMs !== undefined) app.merchantAdapters.timeoutMs = options.timeoutMs;

  const userIds: string[] = [];
  const merchantIds: string[] = [];

  async function person(role: UserRole = 'client'): Promise<Person> {
    const email = uniqueEmail(`accounts-${role}`);
    const [row] = await app.db
      .insert(users)
      .values({
        email,
        name: '홍길동',
        phone: '010-1234-5678',
        passwordHash: 'no-password',
        role,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user not inserted');
    userIds.push(row.id);
    const { token } = await createSession(
      app.db,
      row.id,
      { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
      { ip: null, userAgent: null },
      // As a sign-in with both factors leaves it (staff need them: docs/SECURITY.md).
      true,
    );
    const browser = new BrowserClient(app);
    browser.cookies.set(SESSION_COOKIE, token);
    await browser.visit();
    return { id: row.id, email, role, browser };
  }

  async function anonymous() {
    const browser = new BrowserClient(app);
    await browser.visit();
    return browser;
  }

  async function merchant(options: { status?: 'active' | 'disabled' } = {}): Promise<TestMerchant> {
    const code = `T-${randomBytes(5).toString('hex').toUpperCase()}`;
    const [row] = await app.db
      .insert(merchants)
      .values({
        code,
        name: `Test merchant ${code}`,
        asset: 'USDT',
        minPerRequest: '1',
        maxPerRequest: '1000',
        connection: 'sandbox',
        status: options.status ?? 'active',
      })
      .returning({ id: merchants.id });
    if (!row) throw new Error('merchant not inserted');
    merchantIds.push(row.id);
    return { id: row.id, code };
  }

  async function saveAccount(
    owner: Person,
    at: TestMerchant,
    accountNumber = `ACC-${randomBytes(4).toString('hex')}`,
    name?: string,
  ): Promise<string> {
    const verified = await owner.browser.post('/api/accounts/verify', {
      merchantId: at.id,
      accountNumber,
      password: RIGHT_PASSWORD,
    });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const { verificationId } = verified.json<{ verificationId: string }>();
    const saved = await owner.browser.post('/api/accounts', {
      verificationId,
      ...(name ? { name } : {}),
    });
    if (saved.statusCode !== 201) throw new Error(`save failed: ${saved.body}`);
    return saved.json<{ id: string }>().id;
  }

  async function close() {
    try {
      if (userIds.length > 0) await app.db.delete(users).where(inArray(users.id, userIds));
      if (merchantIds.length > 0) {
        await app.db.delete(merchants).where(inArray(merchants.id, merchantIds));
      }
    } finally {
      await app.close();
    }
  }

  return kit;
}
