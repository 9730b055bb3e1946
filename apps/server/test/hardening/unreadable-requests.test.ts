import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '../helpers';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them get the portal's one error shape
 * and a stable code (docs/SECURITY.md): the attack run found a 431 in Fastify's own shape.
 * Sent over a real socket, since `inject` skips the parser.
 */
let app: App;
let port: number;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
  });
}

const bodyOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('unreadable requests', () => {
  it('headers over the limit: 431 HEADERS_TOO_LARGE in the portal’s shape', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(answer).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(bodyOf(answer)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    });
  });

  it('bytes that are not HTTP: 400 BAD_REQUEST in the portal’s shape', async () => {
    const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
    });
  });
});
