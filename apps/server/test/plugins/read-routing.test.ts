import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { RECENT_CHANGE_COOKIE } from '@server/plugins/app/read-routing';
import { buildTestApp, TEST_DATABASE_URL } from '@test/helpers';

/**
 * Where `request.readDb` reads (docs/decisions/031), without a real replica: the streaming
 * replica itself is `npm run test:scale`'s. On PostgreSQL a "replica" URL naming the primary's
 * own database stands in for a current replica (it is not in recovery, so it has everything).
 */
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with a read route that says where it read, and a change that succeeds or fails. */
async function appWith(databaseReplicaUrl: string | undefined): Promise<App> {
  const built = await buildTestApp({ databaseReplicaUrl, readYourWritesSeconds: 7 });
  const machine = { caller: 'machine' as const, access: 'public' as const };
  built.get('/api/test/read', { config: machine }, async (request) => {
    const rows = await request.readDb.execute<{ one: number }>('select 1 as one');
    return { replica: request.readDb !== built.db, one: rows.rows[0]!.one };
  });
  built.post('/api/test/change', { config: machine }, async (request, reply) =>
    reply.code((request.query as { fail?: string }).fail ? 409 : 201).send({}),
  );
  await built.ready();
  return built;
}

const read = (target: App, cookie?: string) =>
  target.inject({ method: 'GET', url: '/api/test/read', headers: cookie ? { cookie } : {} });
const changed = (response: Awaited<ReturnType<App['inject']>>) =>
  (response.cookies as Array<{ name: string; maxAge?: number; httpOnly?: boolean }>).find(
    (cookie) => cookie.name === RECENT_CHANGE_COOKIE,
  );

describe('request.readDb', () => {
  it('is the primary without a replica, and a change sets no cookie', async () => {
    app = await appWith(undefined);
    expect(app.readReplica).toBeUndefined();
    expect((await read(app)).json()).toEqual({ replica: false, one: 1 });
    const change = await app.inject({ method: 'POST', url: '/api/test/change', payload: {} });
    expect(change.statusCode).toBe(201);
    expect(changed(change)).toBeUndefined();
  });
});

// The embedded database has no replica; a real one is needed for the rest (both run in CI).
if (!TEST_DATABASE_URL) {
  it('ignores a replica URL on the embedded database', async () => {
    app = await appWith('postgres://postgres@127.0.0.1:5433/portal');
    expect(app.readReplica).toBeUndefined();
    expect((await read(app)).json()).toEqual({ replica: false, one: 1 });
  });
} else {
  const primaryUrl: string = TEST_DATABASE_URL;
  it('reads the replica, except for the read-your-writes window after a change', async () => {
    app = await appWith(primaryUrl);
    expect(app.readReplica!.usable).toBe(true);
    expect((await read(app)).json()).toEqual({ replica: true, one: 1 });

    const change = await app.inject({ method: 'POST', url: '/api/test/change', payload: {} });
    expect(changed(change)).toMatchObject({ value: '1', maxAge: 7, httpOnly: true, path: '/' });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/test/change?fail=1',
      payload: {},
    });
    expect(failed.statusCode).toBe(409);
    expect(changed(failed)).toBeUndefined();
    // Reads carry no window of their own.
    expect(changed(await read(app))).toBeUndefined();

    const within = await read(app, `${RECENT_CHANGE_COOKIE}=1`);
    expect(within.json()).toEqual({ replica: false, one: 1 });
  });

  it('reads the primary while the replica does not answer', async () => {
    // Port 1 on loopback: nobody listens, the connection is refused at once.
    const unreachable = Object.assign(new URL(primaryUrl), { port: '1' }).toString();
    app = await appWith(unreachable);
    expect(app.readReplica!.usable).toBe(false);
    expect(await app.readReplica!.check()).toBe(false);
    expect((await read(app)).json()).toEqual({ replica: false, one: 1 });
    // A read sent to it anyway (as between two checks) runs again on the primary.
    const rows = await app.readReplica!.db.execute<{ one: number }>('select 1 as one');
    expect(rows.rows).toEqual([{ one: 1 }]);
  });
}
