import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseDecimal,
  startReferenceMerchant,
  type ReferenceMerchant,
} from '@portal/reference-merchant';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MerchantError, type MerchantAdapter } from '@server/modules/merchants/adapter';
import { createHttpMerchantAdapter } from '@server/modules/merchants/adapters/http-adapter';

const KEY_ID = 'portal-test';
const SECRET = 'reference-merchant-test-secret';
const never = () => new AbortController().signal;

async function merchantError(promise: Promise<unknown>): Promise<MerchantError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MerchantError);
  return error as MerchantError;
}

describe('HTTP merchant adapter against the reference merchant', () => {
  let merchant: ReferenceMerchant;
  let adapter: MerchantAdapter;

  beforeAll(async () => {
    merchant = await startReferenceMerchant({
      port: 0,
      keyId: KEY_ID,
      secret: SECRET,
      accounts: [
        { accountNumber: 'A-1', password: 'pw-one', holderName: 'Kim Minji', balance: '10.5' },
        { accountNumber: 'A-2', password: 'pw-two', holderName: 'Lee Junho', balance: '0.3' },
      ],
    });
    // A timeout no answer of a busy test machine comes near; the timeout's own test has a
    // short one (a test asserts what happened, never how long it took).
    adapter = createHttpMerchantAdapter({
      baseUrl: merchant.url,
      keyId: KEY_ID,
      secret: SECRET,
      timeoutMs: 10_000,
    });
  });
  afterAll(() => merchant.stop());
  afterEach(() => {
    merchant.setDelay(0);
    merchant.setDown(false);
  });

  async function link(accountNumber: string, password: string) {
    const verified = await adapter.verifyAccount({ accountNumber, password }, never());
    return { accountNumber, linkToken: verified.linkToken };
  }

  it('verifies an account, reads its balance, credits and debits it exactly', async () => {
    const verified = await adapter.verifyAccount(
      { accountNumber: 'A-2', password: 'pw-two' },
      never(),
    );
    expect(verified.holderName).toBe('Lee Junho');
    expect(verified.linkToken.length).toBeGreaterThan(20);
    const account = { accountNumber: 'A-2', linkToken: verified.linkToken };
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '0.3' });

    const credit = await adapter.credit(
      { ...account, amount: '0.1', idempotencyKey: randomUUID(), reference: 'T-1' },
      never(),
    );
    expect(credit).toMatchObject({ balanceAfter: '0.4', replayed: false });
    expect(credit.transferId).toBeTruthy();
    const debit = await adapter.debit(
      { ...account, amount: '0.39999999', idempotencyKey: randomUUID(), reference: 'T-2' },
      never(),
    );
    expect(debit).toMatchObject({ balanceAfter: '0.00000001', replayed: false });
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '0.00000001' });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await merchantError(
      adapter.verifyAccount({ accountNumber: 'A-1', password: 'nope' }, never()),
    );
    const unknown = await merchantError(
      adapter.verifyAccount({ accountNumber: 'Z-9', password: 'pw-one' }, never()),
    );
    expect(wrong.kind).toBe('rejected_credentials');
    expect(unknown.kind).toBe('rejected_credentials');
    expect(wrong.message).toBe(unknown.message);
    expect(wrong.message).not.toContain('nope');
  });

  it('reports a link the merchant no longer accepts', async () => {
    const account = await link('A-1', 'pw-one');
    const forged = { accountNumber: 'A-1', linkToken: 'forged-token' };
    expect((await merchantError(adapter.getBalance(forged, never()))).kind).toBe('link_invalid');
    // A token for one account does not work on another.
    const other = { accountNumber: 'A-2', linkToken: account.linkToken };
    expect((await merchantError(adapter.getBalance(other, never()))).kind).toBe('link_invalid');
    merchant.revokeLinks('A-1');
    const revoked = await merchantError(adapter.getBalance(account, never()));
    expect(revoked.kind).toBe('link_invalid');
    expect(revoked.message).not.toContain(account.linkToken);
  });

  it('refuses a debit larger than the balance', async () => {
    const account = await link('A-1', 'pw-one');
    const { balance } = await adapter.getBalance(account, never());
    const error = await merchantError(
      adapter.debit(
        { ...account, amount: '1000000', idempotencyKey: randomUUID(), reference: 'T-3' },
        never(),
      ),
    );
    expect(error.kind).toBe('insufficient_funds');
    expect(await adapter.getBalance(account, never())).toEqual({ balance });
  });

  it('applies a repeated idempotency key once and replays the first result', async () => {
    const account = await link('A-1', 'pw-one');
    const before = merchant.balanceOf('A-1');
    const transfer = { ...account, amount: '1.25', idempotencyKey: randomUUID(), reference: 'T-4' };
    const first = await adapter.debit(transfer, never());
    const second = await adapter.debit(transfer, never());
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(merchant.balanceOf('A-1')).toBe(first.balanceAfter);
    expect(parseDecimal(before)! - parseDecimal(first.balanceAfter)!).toBe(125_000_000n);

    const conflict = await merchantError(adapter.debit({ ...transfer, amount: '2' }, never()));
    expect(conflict.kind).toBe('unavailable');
    expect(conflict.reason).toBe('idempotency_conflict');
    expect(merchant.balanceOf('A-1')).toBe(first.balanceAfter);
  });

  it('is unavailable, quickly, when the merchant is down', async () => {
    merchant.setDown(true);
    const anyAccount = { accountNumber: 'A-1', linkToken: 'any' };
    const error = await merchantError(adapter.getBalance(anyAccount, never()));
    // The merchant's error answer, not the (10 s) timeout: the adapter did not wait.
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'server_error' });

    const stopped = await startReferenceMerchant({ port: 0, keyId: KEY_ID, secret: SECRET });
    await stopped.stop();
    const offline = createHttpMerchantAdapter({
      baseUrl: stopped.url,
      keyId: KEY_ID,
      secret: SECRET,
      timeoutMs: 10_000,
    });
    const refused = await merchantError(
      offline.verifyAccount({ accountNumber: 'A-1', password: 'pw-one' }, never()),
    );
    // The refused connection, not the timeout.
    expect(refused).toMatchObject({ kind: 'unavailable', reason: 'network' });
    expect(refused.message).not.toContain('pw-one');
  });

  it('gives up at its timeout when the merchant is slow, and when the caller cancels', async () => {
    const account = await link('A-1', 'pw-one');
    // The merchant answers after 5 s; an adapter waiting 500 ms gives up first, and says so.
    merchant.setDelay(5_000);
    const impatient = createHttpMerchantAdapter({
      baseUrl: merchant.url,
      keyId: KEY_ID,
      secret: SECRET,
      timeoutMs: 500,
    });
    const error = await merchantError(impatient.getBalance(account, never()));
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'timeout' });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const cancelled = await merchantError(adapter.getBalance(account, controller.signal));
    expect(cancelled).toMatchObject({ kind: 'unavailable', reason: 'cancelled' });
  });

  it('is refused by the merchant when signing with the wrong secret or key id', async () => {
    for (const options of [
      { keyId: KEY_ID, secret: 'wrong-secret' },
      { keyId: 'other-key', secret: SECRET },
    ]) {
      const wrong = createHttpMerchantAdapter({ baseUrl: merchant.url, ...options });
      // Even the right password: the merchant does not look at a request it cannot authenticate.
      const error = await merchantError(
        wrong.verifyAccount({ accountNumber: 'A-1', password: 'pw-one' }, never()),
      );
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'signature_rejected' });
    }
  });

  it('is refused when its clock is more than 5 minutes off', async () => {
    const skewed = createHttpMerchantAdapter({
      baseUrl: merchant.url,
      keyId: KEY_ID,
      secret: SECRET,
      now: () => Math.floor(Date.now() / 1000) - 301,
    });
    const error = await merchantError(
      skewed.verifyAccount({ accountNumber: 'A-1', password: 'pw-one' }, never()),
    );
    expect(error.reason).toBe('signature_rejected');
  });

  it('treats answers that do not match the API as unavailable', async () => {
    const fake = (body: string, status = 200) =>
      createHttpMerchantAdapter({
        baseUrl: 'http://merchant.invalid',
        keyId: KEY_ID,
        secret: SECRET,
        fetch: async () => new Response(body, { status }),
      });
    const account = { accountNumber: 'A-1', linkToken: 't' };
    for (const adapterWith of [
      fake('not json'),
      fake('{"balance": 12.5}'),
      fake('{"balance": "-1"}'),
      fake('{}'),
      fake('', 502),
    ]) {
      const error = await merchantError(adapterWith.getBalance(account, never()));
      expect(error.kind).toBe('unavailable');
    }
  });
});

describe('reference merchant storage', () => {
  it('keeps its books in a JSON file across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-reference-merchant-'));
    try {
      const dataFile = join(dir, 'books.json');
      const options = {
        port: 0,
        keyId: KEY_ID,
        secret: SECRET,
        dataFile,
        accounts: [{ accountNumber: 'F-1', password: 'pw', holderName: 'Park', balance: '5' }],
      };
      const first = await startReferenceMerchant(options);
      const adapter = createHttpMerchantAdapter({
        baseUrl: first.url,
        keyId: KEY_ID,
        secret: SECRET,
      });
      const { linkToken } = await adapter.verifyAccount(
        { accountNumber: 'F-1', password: 'pw' },
        never(),
      );
      const transfer = {
        accountNumber: 'F-1',
        linkToken,
        amount: '2',
        idempotencyKey: 'key-1',
        reference: 'T',
      };
      await adapter.debit(transfer, never());
      await first.stop();
      expect(await readFile(dataFile, 'utf8')).not.toContain(linkToken);

      const second = await startReferenceMerchant(options);
      try {
        const again = createHttpMerchantAdapter({
          baseUrl: second.url,
          keyId: KEY_ID,
          secret: SECRET,
        });
        expect(second.balanceOf('F-1')).toBe('3');
        expect(await again.debit(transfer, never())).toMatchObject({
          balanceAfter: '3',
          replayed: true,
        });
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
