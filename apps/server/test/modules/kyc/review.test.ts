import { kycDocumentSchema, type KycDocument, type KycReviewItem } from '@portal/contract/kyc';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, kycDocuments } from '@server/db/schema';
import {
  MINIMAL_PDF,
  filesUnder,
  kycTestKit,
  png,
  upload,
  webp,
  type KycTestKit,
  type Person,
} from './kyc-test-kit';

let kit: KycTestKit;
let operator: Person;
let secondOperator: Person;
beforeAll(async () => {
  kit = await kycTestKit();
  operator = await kit.person({ role: 'operator' });
  secondOperator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

async function submitted(person: Person, kind = 'id_front'): Promise<KycDocument> {
  const response = await upload(person.browser, kind, { data: await png() });
  expect(response.statusCode).toBe(201);
  return kycDocumentSchema.parse(response.json());
}

function approve(by: Person, id: string) {
  return by.browser.post(`/api/operator/kyc/documents/${id}/approve`);
}

function reject(by: Person, id: string, reason?: string) {
  return by.browser.post(
    `/api/operator/kyc/documents/${id}/reject`,
    reason === undefined ? {} : { reason },
  );
}

async function auditOf(documentId: string) {
  return kit.app.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.details}->>'documentId' = ${documentId}`)
    .orderBy(auditEvents.occurredAt);
}

async function queue(status?: string): Promise<KycReviewItem[]> {
  const response = await operator.browser.get(
    `/api/operator/kyc/documents${status ? `?status=${status}` : ''}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ items: KycReviewItem[] }>().items;
}

describe('deciding', () => {
  it('approves a submitted document, records who and when, and audits it', async () => {
    const owner = await kit.person();
    const document = await submitted(owner);

    const response = await approve(operator, document.id);
    expect(response.statusCode).toBe(200);
    const approved = kycDocumentSchema.parse(response.json());
    expect(approved).toMatchObject({ id: document.id, status: 'approved', rejectionReason: null });
    expect(approved.reviewedAt).not.toBeNull();

    const [row] = await kit.app.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.id, document.id));
    expect(row?.reviewedBy).toBe(operator.id);

    const decisions = (await auditOf(document.id)).filter(
      (event) => event.action === 'kyc_approved',
    );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({
      actorUserId: operator.id,
      subjectUserId: owner.id,
      details: { documentId: document.id, kind: 'id_front' },
    });

    const mine = await owner.browser.get('/api/kyc/documents');
    expect(mine.json().documents.id_front).toMatchObject({ status: 'approved' });
  });

  it('rejects with a reason, which the owner sees, and audits it', async () => {
    const owner = await kit.person();
    const document = await submitted(owner, 'selfie');

    const response = await reject(operator, document.id, '  얼굴이 잘 보이지 않습니다.  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: '얼굴이 잘 보이지 않습니다.',
    });

    const [decision] = (await auditOf(document.id)).filter(
      (event) => event.action === 'kyc_rejected',
    );
    expect(decision).toMatchObject({
      actorUserId: operator.id,
      subjectUserId: owner.id,
      details: { documentId: document.id, kind: 'selfie', reason: '얼굴이 잘 보이지 않습니다.' },
    });

    const mine = await owner.browser.get('/api/kyc/documents');
    expect(mine.json().documents.selfie).toMatchObject({
      status: 'rejected',
      rejectionReason: '얼굴이 잘 보이지 않습니다.',
    });
  });

  it('refuses a rejection without a usable reason', async () => {
    const owner = await kit.person();
    const document = await submitted(owner);
    for (const reason of [undefined, '', '   ', '<script>alert(1)</script>', 'x'.repeat(501)]) {
      const response = await reject(operator, document.id, reason);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields).toHaveProperty('reason');
    }
    const [row] = await kit.app.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.id, document.id));
    expect(row?.status).toBe('submitted');
  });

  it('allows one decision only: any second one is 409', async () => {
    const owner = await kit.person();
    const approvedDocument = await submitted(owner, 'id_front');
    const rejectedDocument = await submitted(owner, 'id_back');
    expect((await approve(operator, approvedDocument.id)).statusCode).toBe(200);
    expect((await reject(operator, rejectedDocument.id, 'Expired card')).statusCode).toBe(200);

    for (const second of [
      approve(secondOperator, approvedDocument.id),
      reject(secondOperator, approvedDocument.id, 'changed my mind'),
      approve(operator, rejectedDocument.id),
      reject(operator, rejectedDocument.id, 'again'),
    ]) {
      const response = await second;
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('KYC_ALREADY_REVIEWED');
    }
    const [row] = await kit.app.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.id, rejectedDocument.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Expired card' });
    expect((await auditOf(approvedDocument.id)).map((event) => event.action)).toEqual([
      'kyc_uploaded',
      'kyc_approved',
    ]);
  });

  it('lets exactly one of two operators deciding at once win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const owner = await kit.person();
      const document = await submitted(owner);
      const [approval, rejection] = await Promise.all([
        approve(operator, document.id),
        reject(secondOperator, document.id, 'Blurry photo'),
      ]);
      const statuses = [approval.statusCode, rejection.statusCode].sort();
      expect(statuses).toEqual([200, 409]);

      const winner = approval.statusCode === 200 ? 'approved' : 'rejected';
      const [row] = await kit.app.db
        .select()
        .from(kycDocuments)
        .where(eq(kycDocuments.id, document.id));
      expect(row?.status).toBe(winner);
      expect(row?.reviewedBy).toBe(winner === 'approved' ? operator.id : secondOperator.id);
      const decisions = (await auditOf(document.id)).filter(
        (event) => event.action !== 'kyc_uploaded',
      );
      expect(decisions.map((event) => event.action)).toEqual([`kyc_${winner}`]);
    }
  });

  it('answers 404 for a document that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await approve(operator, missing)).statusCode).toBe(404);
    expect((await reject(operator, missing, 'no')).statusCode).toBe(404);
    expect((await approve(operator, 'nope')).statusCode).toBe(400);
  });

  it('does not let an operator decide on their own document', async () => {
    const document = await submitted(operator, 'bank_book');
    const response = await approve(operator, document.id);
    expect(response.statusCode).toBe(403);
    expect((await approve(secondOperator, document.id)).statusCode).toBe(200);
  });
});

describe('after a decision', () => {
  it('an approved document can be neither replaced nor deleted', async () => {
    const owner = await kit.person();
    const document = await submitted(owner);
    expect((await approve(operator, document.id)).statusCode).toBe(200);
    const filesBefore = await filesUnder(kit.uploadsDir);

    const replace = await upload(owner.browser, 'id_front', { data: await webp() });
    expect(replace.statusCode).toBe(409);
    expect(replace.json().error.code).toBe('KYC_ALREADY_REVIEWED');
    const remove = await owner.browser.delete(`/api/kyc/documents/${document.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('KYC_ALREADY_REVIEWED');

    expect(await filesUnder(kit.uploadsDir)).toEqual(filesBefore);
    const file = await owner.browser.get(`/api/kyc/documents/${document.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('a rejected document can be replaced, and the new one waits for review again', async () => {
    const owner = await kit.person();
    const document = await submitted(owner, 'bank_book');
    expect((await reject(operator, document.id, 'Wrong account')).statusCode).toBe(200);
    const [old] = await kit.app.db
      .select({ key: kycDocuments.storageKey })
      .from(kycDocuments)
      .where(eq(kycDocuments.id, document.id));

    const replacement = await upload(owner.browser, 'bank_book', { data: MINIMAL_PDF });
    expect(replacement.statusCode).toBe(201);
    expect(replacement.json()).toMatchObject({
      status: 'submitted',
      contentType: 'application/pdf',
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(await filesUnder(kit.uploadsDir)).not.toContain(old?.key);
    const mine = await owner.browser.get('/api/kyc/documents');
    expect(mine.json().documents.bank_book.id).toBe(replacement.json().id);
    expect((await queue()).map((item) => item.id)).toContain(replacement.json().id);
  });

  it('a rejected document can be deleted by its owner', async () => {
    const owner = await kit.person();
    const document = await submitted(owner, 'id_back');
    expect((await reject(operator, document.id, 'Cut off')).statusCode).toBe(200);
    expect((await owner.browser.delete(`/api/kyc/documents/${document.id}`)).statusCode).toBe(204);
  });
});

describe('the review queue', () => {
  it('lists submitted documents oldest first with their owners, and filters by status', async () => {
    const first = await kit.person({ name: '김첫째' });
    const second = await kit.person({ name: '이둘째' });
    const a = await submitted(first, 'id_front');
    const b = await submitted(second, 'selfie');
    const c = await submitted(first, 'bank_book');

    const waiting = await queue();
    const ours = waiting.filter((item) => [a.id, b.id, c.id].includes(item.id));
    expect(ours.map((item) => item.id)).toEqual([a.id, b.id, c.id]);
    expect(ours[1]?.user).toEqual({ id: second.id, name: '이둘째', email: second.email });
    expect(waiting.every((item) => item.status === 'submitted')).toBe(true);
    const uploadedAt = waiting.map((item) => item.uploadedAt);
    expect(uploadedAt).toEqual([...uploadedAt].sort());
    const explicit = await queue('submitted');
    expect(explicit.filter((item) => [a.id, b.id, c.id].includes(item.id))).toEqual(ours);

    expect((await approve(operator, b.id)).statusCode).toBe(200);
    expect((await reject(operator, c.id, 'Unreadable')).statusCode).toBe(200);
    expect((await queue()).map((item) => item.id)).not.toContain(b.id);
    const approved = await queue('approved');
    // A decided document names who decided it, and when (docs/decisions/023).
    expect(approved.find((item) => item.id === b.id)).toMatchObject({
      status: 'approved',
      reviewedBy: { id: operator.id, name: operator.name },
      reviewedAt: expect.any(String),
    });
    expect(approved.every((item) => item.status === 'approved')).toBe(true);
    const rejected = await queue('rejected');
    expect(rejected.find((item) => item.id === c.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Unreadable',
      user: { id: first.id },
      reviewedBy: { id: operator.id, name: operator.name },
    });
    expect(ours.every((item) => item.reviewedBy === null)).toBe(true);
  });

  it('refuses an unknown status or extra parameters with 400', async () => {
    for (const query of ['?status=not_submitted', '?status=pending', '?limit=5000']) {
      const response = await operator.browser.get(`/api/operator/kyc/documents${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps the audit trail when a reviewed document is later replaced', async () => {
    const owner = await kit.person();
    const document = await submitted(owner, 'selfie');
    expect((await reject(operator, document.id, 'Sunglasses')).statusCode).toBe(200);
    expect((await upload(owner.browser, 'selfie', { data: await png() })).statusCode).toBe(201);
    const events = await kit.app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, owner.id), sql`${auditEvents.action} like 'kyc_%'`))
      .orderBy(auditEvents.occurredAt);
    expect(events.map((event) => event.action)).toEqual([
      'kyc_uploaded',
      'kyc_rejected',
      'kyc_uploaded',
    ]);
  });
});
