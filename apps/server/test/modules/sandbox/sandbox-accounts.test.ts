import { randomBytes, randomUUID } from 'node:crypto';
import type { MerchantList } from '@portal/contract/merchants';
import type { SandboxAccountList } from '@portal/contract/sandbox';
import type { AccountPosition, TransactionDetail } from '@portal/contract/transactions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, sandboxMerchantAccounts } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { deliverDueCredits } from '@server/modules/transactions/merchant-credits';
import { BrowserClient, signUpClient } from '@test/browser-client';
import { markIdentityVerified } from '@test/identity';
import {
  deposit,
  moneyKit,
  sameAmount,
  uniqueAmount,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';
import {
  addMerchant as addKitMerchant,
  link,
  openAccount,
  openedAccount,
} from './sandbox-test-kit';

/**
 * Sandbox accounts (docs/decisions/011): a user opens a test account at a sandbox merchant in
 * their own name, links it through the normal Verify and Save, and trades with it.
 */
const LIMIT = 2;
const STARTING = '250.5';

let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit({
    config: { sandboxAccountsPerMerchant: LIMIT, sandboxStartingBalance: STARTING },
  });
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

function open(browser: BrowserClient, merchantId = kit.merchantId) {
  return openAccount(browser, merchantId);
}

function opened(browser: BrowserClient) {
  return openedAccount(browser, kit.merchantId);
}

function addMerchant(app: App, connection: 'sandbox' | 'http' = 'sandbox') {
  return addKitMerchant(app, kit.asset, connection);
}

async function deliverAll(app: App) {
  for (let round = 0; round < 50; round += 1) {
    if ((await deliverDueCredits(app, 1000)) === 0) return;
  }
}

describe('opening a sandbox account', () => {
  it('a newly signed-up user opens one in their name, links it and sees its balance', async () => {
    const name = '김새봄';
    const { browser } = await signUpClient(kit.app, { name });

    const listed = (await browser.get('/api/merchants')).json<MerchantList>();
    expect(listed.items.find((merchant) => merchant.id === kit.merchantId)).toMatchObject({
      sandbox: true,
    });

    const account = await opened(browser);
    expect(account).toMatchObject({
      merchant: { id: kit.merchantId, asset: kit.asset },
      holderName: name,
      balance: STARTING,
    });
    expect(account.accountNumber).toMatch(/^SBX-\d{4}-\d{4}$/);
    expect(account.password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{12}$/);

    // Only a hash is kept.
    const [row] = await kit.app.db
      .select()
      .from(sandboxMerchantAccounts)
      .where(
        and(
          eq(sandboxMerchantAccounts.merchantId, kit.merchantId),
          eq(sandboxMerchantAccounts.accountNumber, account.accountNumber),
        ),
      );
    expect(row!.passwordHash).not.toContain(account.password);
    expect(row!.openedBy).not.toBeNull();

    const saved = await link(browser, account);
    expect(saved.statusCode, saved.body).toBe(201);
    const position = (
      await browser.get(`/api/accounts/${saved.json<{ id: string }>().id}/position`)
    ).json<AccountPosition>();
    expect(position).toMatchObject({ balance: STARTING, available: STARTING });

    const mine = (await browser.get('/api/sandbox/accounts')).json<SandboxAccountList>();
    expect(mine.items).toEqual([
      expect.objectContaining({
        accountNumber: account.accountNumber,
        holderName: name,
        balance: STARTING,
        closedAt: null,
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(account.password);
  });

  it('buys and sells with a linked sandbox account', async () => {
    const owner = await kit.person();
    await markIdentityVerified(kit.app, owner.id);
    const account = await opened(owner.browser);
    const saved = await link(owner.browser, account);
    expect(saved.statusCode, saved.body).toBe(201);
    const accountId = saved.json<{ id: string }>().id;

    // Sell from the starting balance: the operator takes it (the sandbox debits) and pays out.
    const sell = await kit.made(owner, 'sell', accountId, '50.5');
    const taken = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    const done = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: `KB-${randomBytes(4).toString('hex')}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    const afterSell = (
      await owner.browser.get(`/api/accounts/${accountId}/position`)
    ).json<AccountPosition>();
    expect(afterSell).toMatchObject({ balance: '200', openPosition: '0', available: '200' });

    // Buy: the deposit settles it and the sandbox is credited.
    const amount = uniqueAmount();
    const buy = await kit.made(owner, 'buy', accountId, amount);
    const recorded = await deposit(kit.app, { depositorName: owner.name, amountKrw: buy.totalKrw });
    expect(recorded.deposit.status).toBe('settled');
    await deliverAll(kit.app);
    const bought = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(bought.status).toBe('Completed');
    const afterBuy = (
      await owner.browser.get(`/api/accounts/${accountId}/position`)
    ).json<AccountPosition>();
    expect(sameAmount(afterBuy.balance, String(200 + Number(amount)))).toBe(true);
  });
});

describe('refusals', () => {
  it('stops at the per-merchant limit, even for concurrent calls', async () => {
    const owner = await kit.person();
    const answers = await Promise.all(Array.from({ length: 5 }, () => open(owner.browser)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ error: { code: 'SANDBOX_ACCOUNT_LIMIT' } });
    }
    const mine = (await owner.browser.get('/api/sandbox/accounts')).json<SandboxAccountList>();
    expect(mine.items).toHaveLength(LIMIT);

    // Another merchant has its own limit.
    const other = await addMerchant(kit.app);
    expect((await open(owner.browser, other)).statusCode).toBe(201);

    // A closed account no longer counts.
    const closed = await operator.browser.post(
      `/api/operator/merchants/${kit.merchantId}/sandbox-accounts/${mine.items[0]!.accountNumber}/close`,
      {},
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await open(owner.browser)).statusCode).toBe(201);
  });

  it('refuses an unknown or disabled merchant', async () => {
    const owner = await kit.person();
    const unknown = await open(owner.browser, randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'MERCHANT_NOT_AVAILABLE' } });

    const disabled = await addMerchant(kit.app);
    await kit.app.db
      .update(merchants)
      .set({ status: 'disabled' })
      .where(eq(merchants.id, disabled));
    expect((await open(owner.browser, disabled)).json()).toMatchObject({
      error: { code: 'MERCHANT_NOT_AVAILABLE' },
    });
  });

  it('refuses a live (http) merchant', async () => {
    const owner = await kit.person();
    const live = await addMerchant(kit.app, 'http');
    const response = await open(owner.browser, live);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'MERCHANT_NOT_SANDBOX' } });
    const listed = (await owner.browser.get('/api/merchants')).json<MerchantList>();
    expect(listed.items.find((merchant) => merchant.id === live)).toMatchObject({
      sandbox: false,
    });
  });

  it('refuses operators, who hold no accounts, and a bad body', async () => {
    expect((await open(operator.browser)).json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const owner = await kit.person();
    const bad = await owner.browser.post('/api/sandbox/accounts', { merchantId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('throttles openings per user (429 with Retry-After)', async () => {
    const owner = await kit.person();
    const live = await addMerchant(kit.app, 'http');
    // Refused openings count too: each attempt costs the server work.
    for (let i = 0; i < 20; i += 1) {
      expect((await open(owner.browser, live)).statusCode).toBe(409);
    }
    const throttled = await open(owner.browser, live);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('closed sandbox accounts', () => {
  it('cannot be linked, and a linked one stops showing a balance', async () => {
    const owner = await kit.person();
    const first = await opened(owner.browser);
    const second = await opened(owner.browser);
    const saved = await link(owner.browser, first);
    expect(saved.statusCode).toBe(201);
    const accountId = saved.json<{ id: string }>().id;

    for (const account of [first, second]) {
      const closed = await operator.browser.post(
        `/api/operator/merchants/${kit.merchantId}/sandbox-accounts/${account.accountNumber}/close`,
        {},
      );
      expect(closed.statusCode).toBe(200);
    }
    const refused = await link(owner.browser, second);
    expect(refused.json()).toMatchObject({ error: { code: 'MERCHANT_ACCOUNT_REJECTED' } });
    const position = await owner.browser.get(`/api/accounts/${accountId}/position`);
    expect(position.statusCode).not.toBe(200);
  });
});
