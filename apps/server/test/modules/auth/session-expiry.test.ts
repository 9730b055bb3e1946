import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { sweep } from '@server/plugins/app/housekeeping';
import { buildTestApp } from '@test/helpers';
import { createUser, sessionsOf, signIn, whoIs } from '@test/identity';

let app: App;
beforeAll(async () => {
  // A one-minute idle limit, as the issue suggests: expiry is tested by moving times back in
  // the database rather than by waiting.
  app = await buildTestApp({ sessionIdleMinutes: 1, sessionMaxHours: 2 });
  await app.ready();
});
afterAll(() => app.close());

async function moveBack(userId: string, column: 'last_seen_at' | 'expires_at', seconds: number) {
  await app.db
    .update(sessions)
    .set(
      column === 'last_seen_at'
        ? { lastSeenAt: sql`now() - make_interval(secs => ${seconds})` }
        : { expiresAt: sql`now() - make_interval(secs => ${seconds})` },
    )
    .where(eq(sessions.userId, userId));
}

describe('expiry', () => {
  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const { email, id } = await createUser(app);
    const browser = await signIn(app, email);
    await moveBack(id, 'last_seen_at', 50);
    expect(await whoIs(browser)).toBe(email); // 50 s idle is within one minute...
    await moveBack(id, 'last_seen_at', 61);
    expect(await whoIs(browser)).toBeNull(); // ...61 s is not
    const write = await browser.put('/api/profile', {
      name: '홍길동',
      email,
      phone: '010-1111-2222',
    });
    expect(write.statusCode).toBe(401);
  });

  it('keeps an active session alive: each request counts as activity', async () => {
    const { email, id } = await createUser(app);
    const browser = await signIn(app, email);
    // Three requests 40 s apart: two minutes in all, never a minute idle.
    for (let step = 0; step < 3; step += 1) {
      await moveBack(id, 'last_seen_at', 40);
      expect(await whoIs(browser)).toBe(email);
    }
    const [row] = await sessionsOf(app, id);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(20_000);
  });

  it('ends a session at SESSION_MAX_HOURS however active', async () => {
    const { email, id } = await createUser(app);
    const browser = await signIn(app, email);
    const [row] = await sessionsOf(app, id);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
    await moveBack(id, 'expires_at', 1);
    expect(await whoIs(browser)).toBeNull();
  });

  it('deletes a user’s expired sessions at their next sign-in, and everyone’s in the sweep', async () => {
    const { email, id } = await createUser(app);
    await signIn(app, email);
    await moveBack(id, 'expires_at', 1);
    expect(await sessionsOf(app, id)).toHaveLength(1);
    await signIn(app, email);
    const left = await sessionsOf(app, id);
    expect(left).toHaveLength(1);
    expect(left[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const other = await createUser(app);
    await signIn(app, other.email);
    await moveBack(other.id, 'last_seen_at', 3600);
    const swept = await sweep(app.db, { idleMinutes: 1, maxHours: 2 });
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(app, other.id)).toHaveLength(0);
    expect(await sessionsOf(app, id)).toHaveLength(1); // the live one stays
  });
});
