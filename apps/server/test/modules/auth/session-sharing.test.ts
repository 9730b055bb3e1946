import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/client';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp, buildTwoTestApps, makeTempDir, testConfig } from '@test/helpers';
import { createUser, replayCookies, sessionsOf, signIn, whoIs } from '@test/identity';

const NEW_PASSWORD = 'a brand new passphrase';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('password change', () => {
  it('ends the user’s other sessions, keeps this one, and retires the old password', async () => {
    const { email, id } = await createUser(app);
    const here = await signIn(app, email);
    const elsewhere = await signIn(app, email);
    const third = await signIn(app, email);
    const bystander = await createUser(app);
    const bystanderBrowser = await signIn(app, bystander.email);

    const response = await here.post('/api/profile/password', {
      currentPassword: GOOD_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(await whoIs(here)).toBe(email);
    expect(await whoIs(elsewhere)).toBeNull();
    expect(await whoIs(third)).toBeNull();
    expect(await sessionsOf(app, id)).toHaveLength(1);
    expect(await whoIs(bystanderBrowser)).toBe(bystander.email);

    // The session that changed it can still write (its token did not change).
    const write = await here.put('/api/profile', { name: '홍길동', email, phone: '010-2222-3333' });
    expect(write.statusCode).toBe(200);

    const fresh = new BrowserClient(app);
    await fresh.visit();
    const old = await fresh.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(old.statusCode).toBe(401);
    const renewed = await fresh.post('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(renewed.statusCode).toBe(200);
  });
});

describe('several instances on one database', () => {
  it('share sessions and anti-forgery tokens', async () => {
    const [first, second] = await buildTwoTestApps();
    try {
      const { email } = await createUser(first);
      const browser = await signIn(first, email);
      const onSecond = replayCookies(second, browser.cookies);
      expect(await whoIs(onSecond)).toBe(email);
      const write = await onSecond.put('/api/profile', {
        name: '홍길동',
        email,
        phone: '010-3333-4444',
      });
      expect(write.statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('a restart', () => {
  it('keeps everyone signed in: sessions live in the database', async () => {
    // A database on disk, closed and opened again as a restarted server would.
    const folder = await makeTempDir('restart');
    const target = { driver: 'pglite', dataDir: folder.path } as const;
    const config = testConfig({ sessionIdleMinutes: 1 });
    try {
      const before = buildApp(config, { database: await openDatabase(target) });
      const { email } = await createUser(before);
      const browser = await signIn(before, email);
      const cookies = new Map(browser.cookies);
      await before.close();

      const after = buildApp(config, { database: await openDatabase(target) });
      try {
        expect(await whoIs(replayCookies(after, cookies))).toBe(email);
      } finally {
        await after.close();
      }
    } finally {
      await folder.remove();
    }
  });
});
