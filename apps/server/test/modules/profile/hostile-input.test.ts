import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import type { BrowserClient } from '@test/browser-client';
import { GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { expectRefused, hostileCases, type HostileCase } from '@test/hostile';
import { footprint, signedIn } from '@test/identity';

let app: App;
let browser: BrowserClient;
let email = '';
beforeAll(async () => {
  app = await buildTestApp();
  ({ browser, email } = await signedIn(app));
});
afterAll(() => app.close());

const PLACEHOLDER = 'placeholder@example.test';

function send(method: 'PUT' | 'POST', url: string, hostile: HostileCase) {
  return browser.request(method, url, {
    headers: { 'content-type': hostile.contentType },
    payload: hostile.payload.replaceAll(PLACEHOLDER, email),
  });
}

/** The user row, their sessions and their audit events, exactly as they were. */
async function expectUntouched(before: Awaited<ReturnType<typeof footprint>>) {
  expect(await footprint(app, email)).toEqual(before);
}

describe('PUT /api/profile refuses hostile input and changes nothing', () => {
  // The name and phone may be left out: they then keep their stored values.
  it.each(
    hostileCases(
      { name: '홍길동', email: PLACEHOLDER, phone: '010-1234-5678' },
      { optional: ['name', 'phone'] },
    ),
  )('$label', async (hostile) => {
    const before = await footprint(app, email);
    expectRefused(await send('PUT', '/api/profile', hostile), hostile);
    await expectUntouched(before);
  });
});

describe('POST /api/profile/password refuses hostile input and changes nothing', () => {
  const valid = {
    currentPassword: GOOD_PASSWORD,
    password: 'a new good passphrase',
    confirmPassword: 'a new good passphrase',
  };
  it.each(hostileCases(valid))('$label', async (hostile) => {
    const before = await footprint(app, email);
    expectRefused(await send('POST', '/api/profile/password', hostile), hostile);
    await expectUntouched(before);
  });
});
