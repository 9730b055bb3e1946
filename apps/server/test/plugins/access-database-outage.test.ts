import { XSRF_COOKIE } from '@portal/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp, TEST_DATABASE_URL } from '@test/helpers';
import { createUser, signIn } from '@test/identity';

/**
 * While the database cannot be read, who is calling is unknown. The answer (5xx) must not hand a
 * signed-in browser an anti-forgery token for an anonymous visitor: the browser would keep it and
 * its next request, once the database is back, would be refused (tools/hardening crash tests).
 * The outage is simulated by renaming the sessions table, so only on the test's own embedded
 * database, never on a shared server.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe.skipIf(TEST_DATABASE_URL)('a database outage during the session lookup', () => {
  it('answers 5xx without touching the browser’s cookies, which work again afterwards', async () => {
    const { email } = await createUser(app);
    const browser = await signIn(app, email);
    const tokenBefore = browser.cookies.get(XSRF_COOKIE);
    expect(tokenBefore).toBeDefined();

    await app.db.execute(sql`alter table sessions rename to sessions_unavailable`);
    let during;
    try {
      during = await browser.post('/api/auth/sign-out');
    } finally {
      await app.db.execute(sql`alter table sessions_unavailable rename to sessions`);
    }
    expect(during.statusCode).toBeGreaterThanOrEqual(500);
    expect(during.cookies).toEqual([]);
    expect(browser.cookies.get(XSRF_COOKIE)).toBe(tokenBefore);

    // Back: the same browser's state-changing request passes the anti-forgery check.
    const after = await browser.post('/api/auth/sign-out');
    expect(after.statusCode).toBe(204);
  });
});
