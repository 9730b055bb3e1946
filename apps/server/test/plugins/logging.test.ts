import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '../helpers';
import { captureLogs } from '../log-capture';

const SECRETS = {
  cookie: 'session=cookie-secret-1111',
  xsrf: 'xsrf-secret-2222',
  authorization: 'Bearer bearer-secret-3333',
  password: 'password-secret-4444',
  newPassword: 'password-secret-5555',
  merchantPassword: 'password-secret-6666',
  token: 'token-secret-7777',
};

describe('logging', () => {
  let app: App;
  const logs = captureLogs();

  beforeAll(async () => {
    app = await buildTestApp({ logLevel: 'trace' }, { logStream: logs.stream });
    // A careless route that logs everything it got, then fails: the worst case redaction covers.
    // A machine route, so that the made-up cookie and token headers reach it as sent.
    app.post(
      '/api/test/careless',
      { config: { access: 'public', caller: 'machine' }, schema: { body: z.looseObject({}) } },
      async (request, reply) => {
        request.log.info({ headers: request.headers, body: request.body }, 'got a request');
        request.log.info(
          { req: { headers: request.headers, body: request.body } },
          'again, nested',
        );
        reply.header('set-cookie', 'session=set-cookie-secret-8888');
        request.log.info({ res: { headers: reply.getHeaders() } }, 'about to reply');
        throw new Error('failed after logging');
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('never writes secrets from headers or bodies to the log', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/careless',
      headers: {
        cookie: SECRETS.cookie,
        'x-xsrf-token': SECRETS.xsrf,
        authorization: SECRETS.authorization,
      },
      payload: {
        name: 'Kim',
        password: SECRETS.password,
        account: { newPassword: SECRETS.newPassword, merchantPassword: SECRETS.merchantPassword },
        token: SECRETS.token,
      },
    });
    expect(response.statusCode).toBe(500);

    const text = logs.text();
    expect(text).toContain('got a request');
    expect(text).toContain('[redacted]');
    expect(text).toContain('Kim'); // ordinary fields are still logged
    for (const secret of [...Object.values(SECRETS), 'set-cookie-secret-8888']) {
      expect(text).not.toContain(secret.replace(/^(session=|Bearer )/, ''));
    }
  });

  it('gives every request an id, logs it, and echoes it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines().some((line) => line.reqId === id)).toBe(true);
  });

  it('keeps a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-4f2a.9c' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a.9c');

    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x"\n{"level":60}' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
