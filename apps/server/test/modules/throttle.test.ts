import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCounters } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { deleteStaleCounters, hit, peek, reset } from '@server/modules/throttle/throttle';
import { buildTestApp } from '@test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

const RULE = { limit: 2, windowSeconds: 60 };
const key = () => `test:${randomUUID()}`;

async function moveWindowBack(name: string, seconds: number) {
  await app.db
    .update(throttleCounters)
    .set({ windowStartedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(throttleCounters.key, name));
}

describe('fixed-window throttle', () => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const name = key();
    expect((await hit(app.db, name, RULE)).allowed).toBe(true);
    expect((await hit(app.db, name, RULE)).allowed).toBe(true);
    const refused = await hit(app.db, name, RULE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await peek(app.db, name, RULE)).allowed).toBe(false);
  });

  it('starts a new window once the old one is over, and forgets on reset', async () => {
    const name = key();
    for (let count = 0; count < 3; count += 1) await hit(app.db, name, RULE);
    await moveWindowBack(name, 61);
    expect((await peek(app.db, name, RULE)).allowed).toBe(true);
    expect(await hit(app.db, name, RULE)).toEqual({ allowed: true, retryAfterSeconds: 0 });

    await hit(app.db, name, RULE);
    await reset(app.db, name);
    expect((await peek(app.db, name, RULE)).allowed).toBe(true);
  });

  it('refuses windows longer than a day, which the sweep would cut short', async () => {
    await expect(hit(app.db, key(), { limit: 1, windowSeconds: 2 * 86_400 })).rejects.toThrow();
  });

  it('sweeps counters whose window ended more than a day ago', async () => {
    const old = key();
    const recent = key();
    await hit(app.db, old, RULE);
    await hit(app.db, recent, RULE);
    await moveWindowBack(old, 86_400 + 60);
    expect(await deleteStaleCounters(app.db)).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select({ key: throttleCounters.key })
      .from(throttleCounters)
      .where(sql`${throttleCounters.key} in (${old}, ${recent})`);
    expect(left.map((row) => row.key)).toEqual([recent]);
  });
});
