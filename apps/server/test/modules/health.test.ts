import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp, openTestDatabase } from '../helpers';

describe('health routes', () => {
  let app: App;
  afterEach(() => app.close());

  it('GET /api/health answers while the process is alive', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/ready answers when the database does', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /api/ready is 503 SERVICE_UNAVAILABLE once the database is gone, /api/health still 200', async () => {
    const database = await openTestDatabase();
    app = await buildTestApp({}, { database });
    await app.ready();
    await database.close();

    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
