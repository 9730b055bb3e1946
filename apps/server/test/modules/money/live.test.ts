import { randomBytes } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionChangeEvent } from '@portal/contract/transactions';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { recordDeposit } from '@server/modules/deposits/service';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { TEST_DATABASE_URL } from '@test/helpers';
import { moneyKit, type MoneyKit, type Person } from './money-test-kit';

let kit: MoneyKit;
let baseUrl: string;
beforeAll(async () => {
  // Streams check their session every second here (15 s in production).
  kit = await moneyKit({ config: { liveSessionCheckSeconds: 1 } });
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  const address = kit.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => kit.close());

/** Opens the event stream as the page does and collects `transaction` events. */
async function openStream(person: Person, url = baseUrl) {
  const events: TransactionChangeEvent[] = [];
  const waiters: Array<() => void> = [];
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: {
      cookie: `${SESSION_COOKIE}=${person.browser.cookies.get(SESSION_COOKIE)}`,
      'x-role': 'production',
      accept: 'text/event-stream',
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  let sessionEnded = false;
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'session-ended') sessionEnded = true;
      if (event.event !== 'transaction') return;
      events.push(JSON.parse(event.data) as TransactionChangeEvent);
      waiters.splice(0).forEach((wake) => wake());
    },
  });
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted
    }
  })();
  return {
    events,
    /** Resolves when the server has closed the stream; says whether it said the session ended. */
    ended: ended.then(() => sessionEnded),
    async until(predicate: (all: TransactionChangeEvent[]) => boolean) {
      while (!predicate(events)) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => controller.abort(),
  };
}

describe('live updates (server-sent events)', () => {
  it('a user hears of their own transactions only, the moment they change', async () => {
    const owner = await kit.person();
    const stranger = await kit.person();
    const account = await kit.account(owner);
    const own = await openStream(owner);
    const theirs = await openStream(stranger);
    try {
      const buy = await kit.made(owner, 'buy', account.id, '1');
      await own.until((events) => events.some((event) => event.transactionId === buy.id));
      await recordDeposit(
        kit.app.db,
        {
          bankReference: `LIVE-${randomBytes(6).toString('hex')}`,
          depositorName: owner.name,
          amountKrw: buy.totalKrw,
          receivedAt: new Date().toISOString(),
        },
        'manual',
        null,
      );
      await own.until((events) =>
        events.some((event) => event.transactionId === buy.id && event.status === 'Completed'),
      );
      expect(
        own.events.filter((event) => event.transactionId === buy.id).map((e) => e.status),
      ).toEqual(['Requested', 'Completed']);
      expect(theirs.events).toEqual([]);
    } finally {
      own.close();
      theirs.close();
    }
  });

  it('closes when its session ends: signed out, or the user disabled', async () => {
    const signingOut = await kit.person();
    const disabled = await kit.person();
    const other = await kit.person();
    const streams = {
      signingOut: await openStream(signingOut),
      disabled: await openStream(disabled),
      other: await openStream(other),
    };
    try {
      // Signed out from another copy of the same browser: the stream must not outlive it.
      const copy = signingOut.browser.cookies.get(SESSION_COOKIE)!;
      expect((await signingOut.browser.post('/api/auth/sign-out')).statusCode).toBeLessThan(300);
      expect(copy).toBeTruthy();
      await kit.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
      expect(await streams.signingOut.ended).toBe(true);
      expect(await streams.disabled.ended).toBe(true);
      // The reconnect is refused.
      const again = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie: `${SESSION_COOKIE}=${copy}`, 'x-role': 'production' },
      });
      expect(again.status).toBe(401);
      // A session that goes on keeps its stream.
      const outcome = await Promise.race([
        streams.other.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('open'), 2500)),
      ]);
      expect(outcome).toBe('open');
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${baseUrl}/api/events`, { headers: { 'x-role': 'production' } });
    expect(response.status).toBe(401);
  });

  it.runIf(TEST_DATABASE_URL)(
    'a change made through one instance reaches a page connected to another (LISTEN/NOTIFY)',
    async () => {
      const other = await moneyKit();
      try {
        await other.app.listen({ port: 0, host: '127.0.0.1' });
        const address = other.app.server.address();
        if (!address || typeof address === 'string') throw new Error('no address');
        const owner = await kit.person();
        const account = await kit.account(owner);
        const stream = await openStream(owner, `http://127.0.0.1:${address.port}`);
        try {
          const buy = await kit.made(owner, 'buy', account.id, '1');
          await stream.until((events) => events.some((event) => event.transactionId === buy.id));
        } finally {
          stream.close();
        }
      } finally {
        await other.close();
      }
    },
  );
});
