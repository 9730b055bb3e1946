// Runs the one client in jsdom against a real HTTP server on loopback, so headers, bodies and
// query strings are checked as they cross a socket. (The session cookie is the browser's to send,
// with credentials 'include'; jsdom's fetch has no cookie jar, so the browser tests check that.)
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, CANCELLED_MESSAGE, serializeParams } from '@/lib/api-client';
import { apiServer } from '@/testing/api';

// Vitest's jsdom environment exposes the JSDOM instance as a global.
declare const jsdom: {
  reconfigure(settings: { url: string }): void;
  window: Window;
};

interface Echo {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url?.startsWith('/api/slow')) {
        setTimeout(() => response.end('{}'), 2_000);
        return;
      }
      if (request.url?.startsWith('/api/drop')) {
        request.socket.destroy();
        return;
      }
      if (request.url?.startsWith('/api/refused')) {
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'No.' } }));
        return;
      }
      const echo: Echo = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Make the page same-origin with the server, as the built portal is with its own API.
  origin = `http://127.0.0.1:${port}`;
  jsdom.reconfigure({ url: `${origin}/` });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  // The other web tests answer at the network with MSW; these reach the loopback server.
  apiServer.use(http.all(`${origin}/*`, () => passthrough()));
  document.cookie = 'XSRF-TOKEN=first-token; path=/';
  document.cookie = 'session=abc123; path=/';
});

const searchOf = (echo: Echo) => new URL(echo.url, 'http://x').searchParams;

describe('shared API client', () => {
  it('calls under /api with JSON, the role header and the anti-forgery token', async () => {
    const { data } = await api.post<Echo>('/things', { a: 1 });
    expect(data.method).toBe('POST');
    expect(data.url).toBe('/api/things');
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    expect(data.headers['x-role']).toBe('production');
    expect(data.headers['x-xsrf-token']).toBe('first-token');
    expect(JSON.parse(data.body)).toEqual({ a: 1 });
  });

  it('offers get, post, put, patch and delete', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const { data } = await api[method]<Echo>('/verbs');
      expect(data.method).toBe(method.toUpperCase());
    }
  });

  it('reads the token when each request is sent, so a rotated token is never stale', async () => {
    document.cookie = 'XSRF-TOKEN=rotated%2Ftoken%3D; path=/';
    const { data } = await api.put<Echo>('/things/1', {});
    expect(data.headers['x-xsrf-token']).toBe('rotated/token=');
  });

  it('reads the token under its __Host- name over HTTPS', async () => {
    // jsdom's page is http://, where a browser refuses __Host- cookies: read as an HTTPS page would.
    const cookie = vi
      .spyOn(document, 'cookie', 'get')
      .mockReturnValue('portal=x; __Host-XSRF-TOKEN=host-token');
    try {
      const { data } = await api.post<Echo>('/things', {});
      expect(data.headers['x-xsrf-token']).toBe('host-token');
    } finally {
      cookie.mockRestore();
    }
  });

  it('repeats array keys without an index', async () => {
    const { data } = await api.get<Echo>('/transactions', {
      params: { status: ['Requested', 'Pending'], page: 2 },
    });
    expect(data.url).toBe('/api/transactions?status=Requested&status=Pending&page=2');
  });

  it.each(['A&B', 'x=1', '#3', 'a+b', '홍길동', '50% off', 'a b', 'status=Completed&x', '?/\\'])(
    'delivers the search %j to the server unchanged',
    async (search) => {
      const { data } = await api.get<Echo>('/search', {
        params: { q: search, tags: [search, 'z'] },
      });
      const received = searchOf(data);
      expect(received.get('q')).toBe(search);
      expect(received.getAll('tags')).toEqual([search, 'z']);
    },
  );

  it("turns a cancelled request into an Error 'Query was cancelled'", async () => {
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(CANCELLED_MESSAGE);
  });

  it('passes successful responses through unchanged', async () => {
    const response = await api.get<Echo>('/plain');
    expect(response.status).toBe(200);
    expect(response.data.url).toBe('/api/plain');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('turns a refusal into an error with the status and the API error body', async () => {
    const error = await api.post('/refused', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(422);
    expect((error as ApiRequestError).data).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'No.' },
    });
  });

  it('sends no body and no JSON content type when there is nothing to send', async () => {
    const { data } = await api.post<Echo>('/approve');
    expect(data.body).toBe('');
    expect(data.headers['content-type']).toBeUndefined();
  });

  it('says the network failed when no answer comes', async () => {
    const error = await api.get('/drop').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBeUndefined();
    expect((error as ApiRequestError).message).toBe('Network Error');
  });

  it('leaves empty values out and refuses values a query cannot carry', () => {
    expect(serializeParams({ a: undefined, b: null, c: '', d: [1, null, 'x'] })).toBe('c=&d=1&d=x');
    expect(() => serializeParams({ when: new Date(0) })).toThrow(TypeError);
  });
});
