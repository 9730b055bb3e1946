import { safeText } from '@portal/contract/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient } from '../browser-client';
import { buildTestApp } from '../helpers';
import { captureLogs } from '../log-capture';

const INTERNAL_DETAIL = 'relation "users" does not exist at /srv/portal/src/secret.ts:12';

describe('error handling', () => {
  let app: App;
  // Calls as the web app does: role header, cookies and the anti-forgery token.
  let browser: BrowserClient;
  const open = { config: { access: 'public' } } as const;
  const logs = captureLogs();

  beforeAll(async () => {
    app = await buildTestApp({ logLevel: 'info' }, { logStream: logs.stream });
    app.get('/api/test/boom', open, async () => {
      throw new Error(INTERNAL_DETAIL);
    });
    app.get('/api/test/conflict', open, async () => {
      throw new AppError('CONFLICT', 'This account is already the default.');
    });
    app.post(
      '/api/test/people',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({
            name: safeText({ max: 20 }),
            age: z.number().int().min(18),
            address: z.object({ city: z.string().max(5) }),
          }),
          response: { 201: z.object({ name: z.string() }) },
        },
      },
      async (request, reply) => {
        // The extra field must be dropped by the response schema.
        return reply
          .code(201)
          .send({ name: request.body.name, internalNote: 'x' } as { name: string });
      },
    );
    app.get(
      '/api/test/pages',
      {
        config: { access: 'public' },
        schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) },
      },
      async (request) => ({ page: request.query.page }),
    );
    app.get(
      '/api/test/wrong-shape',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.object({ amount: z.string() }) } },
      },
      async () => ({ amount: 12.5 }) as unknown as { amount: string },
    );
    app.get(
      '/api/test/limited',
      { config: { access: 'public', rateLimit: { max: 1, timeWindow: '1 minute' } } },
      async () => ({ ok: true }),
    );
    app.get('/api/test/items/:id', open, async () => ({ ok: true }));
    await app.ready();
    browser = new BrowserClient(app);
    await browser.visit();
  });
  afterAll(() => app.close());

  it('answers an unknown error with a generic 500 and keeps the details in the log', async () => {
    const response = await browser.request('GET', '/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' },
    });
    expect(response.body).not.toContain('users');
    expect(response.body).not.toContain('secret.ts');
    const logged = logs.lines().find((line) => line.msg === 'request failed');
    expect(logged?.err).toMatchObject({ message: INTERNAL_DETAIL, stack: expect.any(String) });
  });

  it('passes an AppError on with the status of its code', async () => {
    const response = await browser.request('GET', '/api/test/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This account is already the default.' },
    });
  });

  it('rejects a body that fails its schema with 400 VALIDATION_FAILED and a message key per field', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      payload: { name: '<b>Kim</b>', address: { city: 'Gangneung' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { name: 'scriptLike', age: 'required', 'address.city': 'tooLong?max=5' },
      },
    });
  });

  it('keys a problem with the whole body by the request part', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ body: 'invalid' });
  });

  it('hands the handler the parsed body and sends only what the response schema lists', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      payload: { name: '  Kim  ', age: 30, address: { city: 'Seoul' } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ name: 'Kim' });
  });

  it('treats a response that breaks its own schema as a bug: 500, nothing sent', async () => {
    const response = await browser.request('GET', '/api/test/wrong-shape');
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('12.5');
  });

  it('validates and coerces the query string', async () => {
    const good = await browser.request('GET', '/api/test/pages?page=3');
    expect(good.json()).toEqual({ page: 3 });
    const bad = await browser.request('GET', '/api/test/pages?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ page: 'invalid' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Kim",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
    });
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await browser.request('POST', '/api/test/people', {
      headers: { 'content-type': 'application/xml' },
      payload: '<person/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a rate-limited route with 429 RATE_LIMITED once its budget is spent', async () => {
    expect((await browser.request('GET', '/api/test/limited')).statusCode).toBe(200);
    const response = await browser.request('GET', '/api/test/limited');
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
    expect(response.headers['retry-after']).toBeDefined();
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers %s on an unknown /api path with a JSON 404',
    async (method) => {
      const response = await browser.request(method, '/api/no/such/thing?x=1');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `No route for ${method} /api/no/such/thing.` },
      });
    },
  );

  it.each([
    ['a path parameter over the length limit', `/api/test/items/${'x'.repeat(5000)}`],
    ['bad percent-encoding', '/api/test/items/%E0%A4%A'],
  ])('answers %s with 400 BAD_REQUEST in the one error shape', async (_label, url) => {
    const response = await browser.request('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address of this request is not valid.' },
    });
  });

  it('quotes a long unknown path back only in part', async () => {
    const response = await browser.request('GET', `/api/${'y'.repeat(5000)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message.length).toBeLessThan(200);
  });

  it('answers /api itself with a JSON 404', async () => {
    const response = await browser.request('GET', '/api');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
