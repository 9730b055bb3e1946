import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { expectRefused, hostileCases } from '@test/hostile';
import { createAgency, createUser, footprint } from '@test/identity';

let app: App;
let browser: BrowserClient;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  browser = new BrowserClient(app);
  await browser.visit();
});
afterAll(() => app.close());

function send(url: string, hostile: { contentType: string; payload: string }) {
  return browser.post(url, undefined, {
    headers: { 'content-type': hostile.contentType },
    payload: hostile.payload,
  });
}

describe('sign-up refuses hostile input and writes nothing', () => {
  const email = uniqueEmail('hostile-sign-up');
  let agencyCode = '';
  beforeAll(async () => {
    agencyCode = (await createAgency(app)).code;
  });
  const valid = () => ({
    name: '홍길동',
    email,
    phone: '010-1234-5678',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    agencyCode,
  });

  it.each(hostileCases({ ...valid(), agencyCode: 'SEOUL-01' }, { optional: ['agencyCode'] }))(
    '$label',
    async (hostile) => {
      // The agency code of the template is a placeholder; swap in this run's real one.
      const payload = hostile.payload.replaceAll('SEOUL-01', agencyCode);
      const response = await send('/api/auth/sign-up', { ...hostile, payload });
      expectRefused(response, hostile);
      expect(await footprint(app, email)).toEqual({
        user: null,
        sessions: 0,
        auditEvents: 0,
        throttleCounters: 0,
      });
    },
  );

  it('accepts the valid body it started from, once', async () => {
    const response = await browser.post('/api/auth/sign-up', valid());
    expect(response.statusCode).toBe(201);
    expect((await footprint(app, email)).user?.email).toBe(email);
  });
});

describe('sign-in refuses hostile input and writes nothing', () => {
  let email = '';
  beforeAll(async () => {
    email = (await createUser(app)).email;
  });

  it.each(hostileCases({ email: 'PLACEHOLDER@example.test', password: GOOD_PASSWORD }))(
    '$label',
    async (hostile) => {
      const payload = hostile.payload.replaceAll('PLACEHOLDER@example.test', email);
      const before = await footprint(app, email);
      const response = await send('/api/auth/sign-in', { ...hostile, payload });
      expectRefused(response, hostile);
      expect(await footprint(app, email)).toEqual(before);
    },
  );
});

describe('names in decomposed Hangul', () => {
  it('are not hostile: stored as NFC', async () => {
    const nfd = '홍길동'.normalize('NFD');
    expect(nfd).not.toBe('홍길동');
    const email = uniqueEmail('nfd');
    const response = await browser.post('/api/auth/sign-up', {
      name: nfd,
      email,
      phone: '010-1234-5678',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.name).toBe('홍길동');
    expect((await footprint(app, email)).user?.name).toBe('홍길동');
  });
});
