import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { isDatabaseUnavailable } from '@server/db/errors';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient } from '../browser-client';
import { buildTestApp } from '../helpers';
import { captureLogs } from '../log-capture';
import { openTemplatePglite } from '../pglite-template';

/**
 * Database errors as the attack run found them (docs/SECURITY.md "Database errors"): the log
 * quoted the query's values (Drizzle's message lists them; the driver's quotes the refused
 * value), and an outage answered 500 INTERNAL_ERROR. Now the log keeps codes and names only,
 * and a database out of reach answers 503 SERVICE_UNAVAILABLE with Retry-After.
 */
const SECRET_VALUE = 'session-hash-0f9e8d7c6b5a';
const open = { config: { access: 'public' } } as const;

describe('database errors', () => {
  let app: App;
  let database: DatabaseHandle;
  let browser: BrowserClient;
  const logs = captureLogs();

  beforeAll(async () => {
    database = await openTemplatePglite();
    app = await buildTestApp({ logLevel: 'info' }, { logStream: logs.stream, database });
    // A query the database refuses, with a value bound to it, as a real route's would be.
    app.get('/api/test/refused', open, async () => {
      await app.db.execute(sql`select * from users where id = ${SECRET_VALUE}::uuid`);
      return { ok: true };
    });
    app.get('/api/test/read', open, async () => {
      await app.db.execute(sql`select count(*) from users where email = ${SECRET_VALUE}`);
      return { ok: true };
    });
    await app.ready();
    browser = new BrowserClient(app);
    await browser.visit();
  });
  afterAll(() => app.close());

  it('logs a refused query by its code and statement, never its values', async () => {
    const response = await browser.request('GET', '/api/test/refused');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' },
    });
    expect(logs.text()).not.toContain(SECRET_VALUE);
    const failed = logs.lines().find((line) => line.msg === 'request failed');
    expect(failed?.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '22P02',
      statement: 'select users',
      message: 'database error 22P02',
    });
    expect(String((failed?.err as { stack: string }).stack)).toMatch(/^ {4}at /);
  });

  it('answers 503 with Retry-After while the database cannot be reached', async () => {
    expect((await browser.request('GET', '/api/test/read')).statusCode).toBe(200);
    // The embedded database goes away under the running app, as a server would.
    await database.close();
    const response = await browser.request('GET', '/api/test/read');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable.',
      },
    });
    expect(logs.text()).not.toContain(SECRET_VALUE);
  });
});

describe('what counts as the database out of reach', () => {
  const wrapped = (cause: object) =>
    Object.assign(new Error('Failed query: select 1\nparams: '), {
      query: 'select 1',
      params: [],
      cause,
    });

  it.each([
    [
      'a refused connection',
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    ],
    [
      'the server shutting down',
      {
        code: '57P01',
        severity: 'FATAL',
        message: 'terminating connection due to administrator command',
      },
    ],
    [
      'too many connections',
      { code: '53300', severity: 'FATAL', message: 'sorry, too many clients already' },
    ],
    ['a connection exception', { code: '08006', severity: 'FATAL', message: 'connection failure' }],
    ['a lost connection', { message: 'Connection terminated unexpectedly' }],
    ['the pool waiting too long', { message: 'timeout exceeded when trying to connect' }],
  ])('%s', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error(cause.message), cause)))).toBe(
      true,
    );
  });

  it.each([
    ['a unique violation', { code: '23505', severity: 'ERROR', message: 'duplicate key' }],
    ['a bad value', { code: '22P02', severity: 'ERROR', message: 'invalid input syntax' }],
    ['a deadlock', { code: '40P01', severity: 'ERROR', message: 'deadlock detected' }],
  ])('not %s', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error(cause.message), cause)))).toBe(
      false,
    );
  });
});
