import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import {
  auditTrail,
  createAgency,
  createUser,
  sessionsOf,
  signIn,
  signedIn,
  whoIs,
} from '@test/identity';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('POST /api/operator/users/:id/sessions/end', () => {
  it('signs the user out everywhere, keeps them enabled, and records who did it', async () => {
    const operator = await signedIn(app, 'operator');
    const user = await createUser(app);
    const phone = await signIn(app, user.email);
    const computer = await signIn(app, user.email);
    const response = await operator.browser.post(`/api/operator/users/${user.id}/sessions/end`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(computer)).toBeNull();
    expect(await sessionsOf(app, user.id)).toHaveLength(0);
    // Still enabled: the user signs in again.
    expect(await whoIs(await signIn(app, user.email))).toBe(user.email);
    const event = (await auditTrail(app, user.id)).find(
      (entry) => entry.action === 'sessions_ended_by_operator',
    );
    expect(event).toMatchObject({ actorUserId: operator.id, details: { sessionsEnded: 2 } });
  });

  it('is for operators only, not for the operator’s own sessions, and 404 for nobody', async () => {
    const operator = await signedIn(app, 'operator');
    const client = await signedIn(app, 'client');
    const agency = await signedIn(app, 'agency', (await createAgency(app)).id);
    const target = await createUser(app);
    await signIn(app, target.email);
    for (const caller of [client, agency]) {
      const refused = await caller.browser.post(`/api/operator/users/${target.id}/sessions/end`);
      expect(refused.statusCode).toBe(403);
    }
    expect(await sessionsOf(app, target.id)).toHaveLength(1);
    const own = await operator.browser.post(`/api/operator/users/${operator.id}/sessions/end`);
    expect(own.statusCode).toBe(403);
    expect(await whoIs(operator.browser)).toBe(operator.email);
    const nobody = await operator.browser.post(
      '/api/operator/users/6f1c2b9e-0000-4000-8000-00000000dead/sessions/end',
    );
    expect(nobody.statusCode).toBe(404);
    const notAnId = await operator.browser.post('/api/operator/users/nope/sessions/end');
    expect(notAnId.statusCode).toBe(400);
  });
});
