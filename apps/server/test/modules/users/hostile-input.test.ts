import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import type { BrowserClient } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { expectRefused, HOSTILE_TEXT, hostileCases, type HostileCase } from '@test/hostile';
import { createUser, footprint, signedIn } from '@test/identity';

let app: App;
let operator: BrowserClient;
let target: { id: string; email: string };
beforeAll(async () => {
  app = await buildTestApp();
  operator = (await signedIn(app, 'operator')).browser;
  target = await createUser(app);
});
afterAll(() => app.close());

function send(id: string, hostile: HostileCase) {
  return operator.put(`/api/operator/users/${id}/role`, undefined, {
    headers: { 'content-type': hostile.contentType },
    payload: hostile.payload,
  });
}

describe('PUT /api/operator/users/:id/role refuses hostile input and changes nothing', () => {
  it.each(hostileCases({ role: 'operator' }))('body, $label', async (hostile) => {
    const before = await footprint(app, target.email);
    expectRefused(await send(target.id, hostile), hostile);
    expect(await footprint(app, target.email)).toEqual(before);
  });

  it.each([
    ...Object.entries(HOSTILE_TEXT),
    ['not a UUID', 'not-a-uuid'],
    ['a SQL fragment', "1' or '1'='1"],
    ['a path escape', '../../auth/me'],
  ])('user id: %s', async (label, id) => {
    const before = await footprint(app, target.email);
    const hostile = {
      label,
      contentType: 'application/json',
      payload: JSON.stringify({ role: 'operator' }),
    };
    const response = await send(encodeURIComponent(id), hostile);
    expectRefused(response, hostile);
    expect(await footprint(app, target.email)).toEqual(before);
  });
});
