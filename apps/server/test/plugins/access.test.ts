import type { FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '@test/helpers';

describe('access declarations', () => {
  it.each<[FastifyContextConfig]>([
    [{ caller: 'machine' }],
    [{ caller: 'machine', access: ['operator'] }],
    [{ caller: 'probe', access: 'user' }],
  ])('stop the start when a non-browser route is not public: %j', async (config) => {
    const app = await buildTestApp();
    try {
      const start = async () => {
        app.post('/api/test/hook', { config }, async () => ({ ok: true }));
        await app.ready();
      };
      await expect(start()).rejects.toThrow(/declare access: 'public'/);
    } finally {
      await app.close();
    }
  });

  it('let machine routes prove themselves: no role header, no browser token', async () => {
    const app = await buildTestApp();
    try {
      app.post(
        '/api/test/webhook',
        { config: { caller: 'machine', access: 'public' } },
        async () => ({ received: true }),
      );
      const response = await app.inject({ method: 'POST', url: '/api/test/webhook', payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.cookies).toEqual([]); // no anonymous identity, no token for a machine
    } finally {
      await app.close();
    }
  });

  it('close a route that declares nothing to anonymous browsers', async () => {
    const app = await buildTestApp();
    try {
      app.get('/api/test/undeclared', async () => ({ secret: true }));
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/undeclared',
        headers: { 'x-role': 'production' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
