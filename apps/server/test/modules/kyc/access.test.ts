import type { KycDocument } from '@portal/contract/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowserClient,
  kycTestKit,
  png,
  upload,
  type KycTestKit,
  type Person,
} from './kyc-test-kit';

/**
 * Who may do what with a client's document: the owner reads, lists and deletes it; operators read
 * it and see it in the review queue; everyone else (another client of the same agency, the
 * owner's own agency, another agency) is told it does not exist; nobody signed out gets past 401.
 */
let kit: KycTestKit;
let owner: Person;
let otherClient: Person;
let ownAgency: Person;
let otherAgency: Person;
let operator: Person;
let anonymous: BrowserClient;
let document: KycDocument;

beforeAll(async () => {
  kit = await kycTestKit();
  const agencyA = await kit.agency();
  const agencyB = await kit.agency();
  owner = await kit.person({ agencyId: agencyA.id });
  otherClient = await kit.person({ agencyId: agencyA.id });
  ownAgency = await kit.person({ role: 'agency', agencyId: agencyA.id });
  otherAgency = await kit.person({ role: 'agency', agencyId: agencyB.id });
  operator = await kit.person({ role: 'operator' });
  anonymous = await kit.anonymous();

  const response = await upload(owner.browser, 'id_front', { data: await png() });
  expect(response.statusCode).toBe(201);
  document = response.json();
});
afterAll(() => kit.close());

type Who = 'owner' | 'otherClient' | 'ownAgency' | 'otherAgency' | 'operator' | 'anonymous';
function browserOf(who: Who): BrowserClient {
  if (who === 'anonymous') return anonymous;
  return { owner, otherClient, ownAgency, otherAgency, operator }[who].browser;
}

const fileUrl = () => `/api/kyc/documents/${document.id}/file`;

describe('reading the file', () => {
  it.each([
    ['owner', 200],
    ['operator', 200],
    ['otherClient', 404],
    ['ownAgency', 404],
    ['otherAgency', 404],
    ['anonymous', 401],
  ] as const)('%s gets %i', async (who, status) => {
    const response = await browserOf(who).get(fileUrl());
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.headers['content-type']).toBe('image/png');
    } else {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain(document.id);
    }
  });

  it('answers a missing document exactly like one that is not yours', async () => {
    const missing = await otherClient.browser.get(
      '/api/kyc/documents/00000000-0000-4000-8000-000000000000/file',
    );
    const notYours = await otherClient.browser.get(fileUrl());
    expect(missing.statusCode).toBe(404);
    expect(notYours.json()).toEqual(missing.json());
  });

  it('refuses an id that is not a uuid with 400', async () => {
    for (const id of ['123', 'not-a-uuid', "1' or '1'='1", '..%2F..%2Fetc%2Fpasswd']) {
      const response = await owner.browser.get(`/api/kyc/documents/${id}/file`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('listing', () => {
  it('shows each signed-in person only their own documents', async () => {
    const own = await owner.browser.get('/api/kyc/documents');
    expect(own.statusCode).toBe(200);
    expect(own.json().documents.id_front).toMatchObject({ id: document.id });

    for (const who of ['otherClient', 'ownAgency', 'otherAgency', 'operator'] as const) {
      const response = await browserOf(who).get('/api/kyc/documents');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        documents: { id_front: null, id_back: null, selfie: null, bank_book: null },
      });
    }
    expect((await anonymous.get('/api/kyc/documents')).statusCode).toBe(401);
  });

  it.each([
    ['operator', 200],
    ['owner', 403],
    ['otherClient', 403],
    ['ownAgency', 403],
    ['otherAgency', 403],
    ['anonymous', 401],
  ] as const)('the review queue: %s gets %i', async (who, status) => {
    const response = await browserOf(who).get('/api/operator/kyc/documents');
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      const mine = response
        .json<{ items: Array<{ id: string; user: unknown }> }>()
        .items.find((item) => item.id === document.id);
      expect(mine?.user).toEqual({ id: owner.id, name: owner.name, email: owner.email });
    }
  });

  it.each([
    ['owner', 403],
    ['otherClient', 403],
    ['ownAgency', 403],
    ['otherAgency', 403],
    ['anonymous', 401],
  ] as const)('deciding: %s gets %i', async (who, status) => {
    const base = `/api/operator/kyc/documents/${document.id}`;
    expect((await browserOf(who).post(`${base}/approve`)).statusCode).toBe(status);
    expect((await browserOf(who).post(`${base}/reject`, { reason: 'blurry' })).statusCode).toBe(
      status,
    );
  });
});

describe('deleting', () => {
  it.each([
    ['otherClient', 404],
    ['ownAgency', 404],
    ['otherAgency', 404],
    ['operator', 404],
    ['anonymous', 401],
  ] as const)('%s gets %i and the document stays', async (who, status) => {
    const response = await browserOf(who).delete(`/api/kyc/documents/${document.id}`);
    expect(response.statusCode).toBe(status);
    expect((await owner.browser.get(fileUrl())).statusCode).toBe(200);
  });

  it('the owner deletes it, and then nobody finds it', async () => {
    const response = await owner.browser.delete(`/api/kyc/documents/${document.id}`);
    expect(response.statusCode).toBe(204);
    expect((await owner.browser.get(fileUrl())).statusCode).toBe(404);
    expect((await operator.browser.get(fileUrl())).statusCode).toBe(404);
    expect((await owner.browser.get('/api/kyc/documents')).json().documents.id_front).toBeNull();
    expect((await owner.browser.delete(`/api/kyc/documents/${document.id}`)).statusCode).toBe(404);
  });
});
