import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorUserPage } from '@portal/contract/operator-workbench';
import { kycDocuments, payeeAccounts } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import {
  addAccount,
  addBuy,
  addDocument,
  browserOf,
  makeMerchant,
  makeUser,
  person,
} from '../agency-clients/agency-clients-kit';
import { makeAgency } from './workbench-kit';

/** GET /api/operator/users/:id: one user in full for the operator (docs/decisions/021). */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('the operator’s page of a user', () => {
  it('shows identity with each document’s reviewer, accounts, payee, transactions and sessions', async () => {
    const operator = await person(app, 'operator');
    const user = await makeUser(app, { name: '김민수' });
    const merchant = await makeMerchant(app);
    await addAccount(app, user.id, merchant.id);
    for (const kind of ['id_front', 'id_back', 'selfie', 'bank_book'] as const) {
      await addDocument(app, user.id, kind, 'approved');
    }
    await app.db
      .update(kycDocuments)
      .set({ reviewedBy: operator.id, reviewedAt: new Date() })
      .where(eq(kycDocuments.userId, user.id));
    await app.db.insert(payeeAccounts).values({
      userId: user.id,
      bankCode: '004',
      accountNumber: '123-456-789',
      holderName: '김민수',
    });
    const buy = await addBuy(app, user.id, merchant, 50_000, 'Pending');
    // The user signs in (a live session with its IP and browser).
    await browserOf(app, user.id);

    const response = await operator.browser.get(`/api/operator/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<OperatorUserPage>();
    expect(page.user).toMatchObject({
      id: user.id,
      name: '김민수',
      email: user.email,
      role: 'client',
    });
    expect(page.identity.status).toBe('approved');
    expect(page.identity.documents.map((d) => d.kind)).toEqual([
      'id_front',
      'id_back',
      'selfie',
      'bank_book',
    ]);
    expect(page.identity.documents[0]!.reviewedBy).toEqual({
      id: operator.id,
      name: operator.name,
    });
    expect(page.accounts).toHaveLength(1);
    expect(page.payee).toMatchObject({ bankCode: '004', accountNumber: '123-456-789' });
    expect(page.transactions.total).toBe(1);
    expect(page.transactions.items[0]!.number).toBe(buy.number);
    expect(page.sessions).toHaveLength(1);
    // Never the session's id or token.
    expect(Object.keys(page.sessions[0]!).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);
    expect(response.body).not.toMatch(/token|sessionId/i);
  });

  it('says submitted or rejected while the identity check is not done', async () => {
    const operator = await person(app, 'operator');
    const user = await makeUser(app);
    const empty = (
      await operator.browser.get(`/api/operator/users/${user.id}`)
    ).json<OperatorUserPage>();
    expect(empty.identity).toEqual({ status: 'not_submitted', documents: [] });
    expect(empty.payee).toBeNull();
    await addDocument(app, user.id, 'id_front', 'submitted');
    const waiting = (
      await operator.browser.get(`/api/operator/users/${user.id}`)
    ).json<OperatorUserPage>();
    expect(waiting.identity.status).toBe('submitted');
    expect(waiting.identity.documents[0]!.reviewedBy).toBeNull();
    await addDocument(app, user.id, 'selfie', 'rejected');
    const rejected = (
      await operator.browser.get(`/api/operator/users/${user.id}`)
    ).json<OperatorUserPage>();
    expect(rejected.identity.status).toBe('rejected');
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const operator = await person(app, 'operator');
    const unknown = await operator.browser.get(
      '/api/operator/users/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const bad = await operator.browser.get('/api/operator/users/not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('is the operator’s only: an agency user or a client gets 403', async () => {
    const user = await makeUser(app);
    for (const role of ['client', 'agency'] as const) {
      const agencyId = role === 'agency' ? (await makeAgency(app)).id : null;
      const someone = await person(app, role, agencyId);
      expect((await someone.browser.get(`/api/operator/users/${user.id}`)).statusCode).toBe(403);
    }
  });
});
