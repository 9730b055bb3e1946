import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { COMPRESSION_THRESHOLD_BYTES } from '@server/plugins/external/compress';
import {
  kycTestKit,
  MINIMAL_PDF,
  png,
  upload,
  type KycTestKit,
  type Person,
} from '../modules/kyc/kyc-test-kit';

let kit: KycTestKit;
let operator: Person;
beforeAll(async () => {
  kit = await kycTestKit();
  operator = await kit.person({ role: 'operator' });
  // Enough people for the operator's list of users to pass the threshold.
  for (let i = 0; i < 6; i++) await kit.person();
});
afterAll(() => kit.close());

describe('API responses on the wire', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends JSON above the threshold as %s when the browser accepts it',
    async (encoding, decode) => {
      const plain = await operator.browser.get('/api/operator/users');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

      const response = await operator.browser.get('/api/operator/users', {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it('sends JSON below the threshold as it is', async () => {
    const response = await operator.browser.get('/api/auth/me', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.stringify(response.json())).toContain(operator.id);
  });

  it.each([
    ['an image', () => png(), 'image/png'],
    ['a PDF', async () => MINIMAL_PDF, 'application/pdf'],
  ] as const)(
    'sends %s identity document as stored, with its own type',
    async (_what, make, type) => {
      const owner = await kit.person();
      const data = await make();
      const uploaded = await upload(
        owner.browser,
        type === 'image/png' ? 'id_front' : 'bank_book',
        {
          data,
          contentType: type,
        },
      );
      expect(uploaded.statusCode).toBe(201);
      const file = await owner.browser.get(`/api/kyc/documents/${uploaded.json().id}/file`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['content-encoding']).toBeUndefined();
      if (type === 'application/pdf') expect(file.rawPayload.equals(data)).toBe(true);
      else expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    },
  );
});

describe('the live event stream', () => {
  it('is neither compressed nor held back, whatever the browser accepts', async () => {
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    const address = kit.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
      headers: {
        cookie: `${SESSION_COOKIE}=${operator.browser.cookies.get(SESSION_COOKIE)}`,
        'x-role': 'production',
        accept: 'text/event-stream',
        'accept-encoding': 'br, gzip',
      },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      // The greeting arrives as written, before any event: nothing waits to fill a buffer.
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain(': connected');
    } finally {
      controller.abort();
    }
  });
});
