import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, kycDocuments, nameChangeRequests, users } from '@server/db/schema';
import { makeTempDir } from '@test/helpers';
import {
  moneyKit,
  uniqueAmount,
  uniqueKoreanName,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';
import { filesUnder, multipartBody, phoneJpeg, pixelFloodPng } from './kyc-test-kit';

/**
 * The name deposits are matched by (docs/decisions/010): locked once an identity document is
 * approved, changed then only by an operator-approved request, never while a buy is open.
 */
let kit: MoneyKit;
let uploads: Awaited<ReturnType<typeof makeTempDir>>;
let operator: Person;
let photo: Buffer;

beforeAll(async () => {
  uploads = await makeTempDir('name-change');
  kit = await moneyKit({ config: { logLevel: 'error', uploadsDir: uploads.path } });
  operator = await kit.person({ role: 'operator' });
  photo = await phoneJpeg();
});
afterAll(async () => {
  await kit.close();
  await uploads.remove();
});

async function nameOf(userId: string): Promise<string | undefined> {
  const [row] = await kit.app.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name;
}

/** Takes the person's approved documents back to waiting: the name is not locked any more. */
async function unverify(person: Person) {
  await kit.app.db
    .update(kycDocuments)
    .set({ status: 'submitted', reviewedAt: null })
    .where(eq(kycDocuments.userId, person.id));
}

function profile(person: Person, name: string) {
  return person.browser.put('/api/profile', {
    name,
    email: person.email,
    phone: '010-1234-5678',
  });
}

function requestNameChange(person: Person, name: string | null, file: Buffer = photo) {
  const parts = [
    ...(name === null ? [] : [{ name: 'name', data: name }]),
    { name: 'file', filename: 'id.jpg', contentType: 'image/jpeg', data: file },
  ];
  const body = multipartBody(parts);
  return person.browser.post('/api/profile/name-change', undefined, {
    payload: body.payload,
    headers: body.headers,
  });
}

async function openBuy(person: Person, account?: { id: string }) {
  const from = account ?? (await kit.account(person));
  return kit.made(person, 'buy', from.id, uniqueAmount());
}

describe('editing the name on the profile', () => {
  it('is free before anything is approved and while no buy is open', async () => {
    const person = await kit.person();
    await unverify(person);
    const renamed = await profile(person, '김 새이름');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await nameOf(person.id)).toBe('김 새이름');
  });

  it('is refused with NAME_LOCKED once a document is approved; other fields still change', async () => {
    const person = await kit.person();
    const refused = await profile(person, uniqueKoreanName());
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'NAME_LOCKED' } });
    expect(await nameOf(person.id)).toBe(person.name);

    const phoneOnly = await person.browser.put('/api/profile', {
      name: person.name,
      email: person.email,
      phone: '010-9999-0000',
    });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
  });

  it('cannot capture another verified person’s deposit by taking their name', async () => {
    const victim = await kit.person();
    const thief = await kit.person();
    const taken = await profile(thief, victim.name);
    expect(taken.json()).toMatchObject({ error: { code: 'NAME_LOCKED' } });
  });

  it('is refused with OPEN_BUY_REQUESTS while a buy is open, and allowed once it is cancelled', async () => {
    const person = await kit.person();
    const buy = await openBuy(person);
    await unverify(person);
    const refused = await profile(person, uniqueKoreanName());
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'OPEN_BUY_REQUESTS' } });

    const cancelled = await person.browser.post(`/api/transactions/${buy.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const renamed = await profile(person, uniqueKoreanName());
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it.each([
    ['a Hangul filler', '김\u3164민준'],
    ['a halfwidth Hangul filler', '김민준\uFFA0'],
    ['a soft hyphen', 'Min\u00ADjun'],
    ['a no-break space', 'Kim\u00A0Minjun'],
  ])('refuses a name with %s, in the user’s words', async (_what, name) => {
    const person = await kit.person();
    await unverify(person);
    const refused = await profile(person, name);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { name: 'nameInvisibleCharacters' } },
    });
    expect(await nameOf(person.id)).toBe(person.name);
  });
});

describe('name-change requests', () => {
  it('a verified user asks with a new document; an operator approves; the name changes', async () => {
    const person = await kit.person();
    const before = (await person.browser.get('/api/profile/name-change')).json();
    expect(before).toEqual({ nameLocked: true, request: null });

    const newName = uniqueKoreanName();
    const sent = await requestNameChange(person, newName);
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<{ id: string; status: string }>();
    expect(request).toMatchObject({
      currentName: person.name,
      requestedName: newName,
      status: 'submitted',
    });

    const again = await requestNameChange(person, uniqueKoreanName());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'NAME_CHANGE_PENDING' } });

    const queue = (await operator.browser.get('/api/operator/name-changes')).json<{
      items: Array<{ id: string; user: { email: string } }>;
    }>();
    expect(queue.items.find((item) => item.id === request.id)?.user.email).toBe(person.email);

    const file = await operator.browser.get(`/api/operator/name-changes/${request.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toContain('attachment');
    // The client cannot read the queue or the file.
    expect((await person.browser.get('/api/operator/name-changes')).statusCode).toBe(403);

    const approved = await operator.browser.post(
      `/api/operator/name-changes/${request.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(await nameOf(person.id)).toBe(newName);
    const me = (await person.browser.get('/api/auth/me')).json<{ user: { name: string } }>();
    expect(me.user.name).toBe(newName);

    const trail = await kit.app.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, person.id));
    expect(trail).toContainEqual({
      action: 'name_change_approved',
      details: { requestId: request.id, from: person.name, to: newName },
    });

    const decidedTwice = await operator.browser.post(
      `/api/operator/name-changes/${request.id}/reject`,
      { reason: 'late' },
    );
    expect(decidedTwice.statusCode).toBe(409);
  });

  it('a rejection keeps the name and says why; a new request may follow', async () => {
    const person = await kit.person();
    const sent = (await requestNameChange(person, uniqueKoreanName())).json<{ id: string }>();
    const rejected = await operator.browser.post(`/api/operator/name-changes/${sent.id}/reject`, {
      reason: 'The document is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await nameOf(person.id)).toBe(person.name);
    const mine = (await person.browser.get('/api/profile/name-change')).json();
    expect(mine).toMatchObject({
      nameLocked: true,
      request: { status: 'rejected', rejectionReason: 'The document is blurred.' },
    });
    expect((await requestNameChange(person, uniqueKoreanName())).statusCode).toBe(201);
  });

  it('is refused while a buy is open, and approval waits until no buy is open', async () => {
    const person = await kit.person();
    const sent = (await requestNameChange(person, uniqueKoreanName())).json<{ id: string }>();
    // Saved before the rename: a merchant account keeps the holder it was verified with.
    const account = await kit.account(person);
    const buy = await openBuy(person, account);

    const approve = () =>
      operator.browser.post(`/api/operator/name-changes/${sent.id}/approve`, {});
    const refused = await approve();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'OPEN_BUY_REQUESTS' } });
    expect(await nameOf(person.id)).toBe(person.name);

    await person.browser.post(`/api/transactions/${buy.id}/cancel`, {});
    expect((await approve()).statusCode).toBe(200);

    await openBuy(person, account);
    const whileOpen = await requestNameChange(person, uniqueKoreanName());
    expect(whileOpen.json()).toMatchObject({ error: { code: 'OPEN_BUY_REQUESTS' } });
  });

  it('two operators deciding at once: one decides, the other is told it is decided', async () => {
    const person = await kit.person();
    const second = await kit.person({ role: 'operator' });
    const sent = (await requestNameChange(person, uniqueKoreanName())).json<{ id: string }>();
    const answers = await Promise.all([
      operator.browser.post(`/api/operator/name-changes/${sent.id}/approve`, {}),
      second.browser.post(`/api/operator/name-changes/${sent.id}/reject`, { reason: 'No.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await kit.app.db
      .select({ status: nameChangeRequests.status })
      .from(nameChangeRequests)
      .where(eq(nameChangeRequests.id, sent.id));
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ status: string }>();
    expect(row?.status).toBe(winner.status);
  });

  it('refuses what is not a name-change request, and writes nothing', async () => {
    const person = await kit.person();
    const bad = await requestNameChange(person, '김\u3164민준');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { name: 'nameInvisibleCharacters' } } });

    expect((await requestNameChange(person, null)).json()).toMatchObject({
      error: { fields: { name: 'required' } },
    });
    expect((await requestNameChange(person, person.name)).statusCode).toBe(400);
    const notImage = await requestNameChange(person, uniqueKoreanName(), Buffer.from('%PDF-1.4'));
    expect(notImage.json()).toMatchObject({ error: { code: 'FILE_TYPE_NOT_ALLOWED' } });

    const extra = multipartBody([
      { name: 'name', data: uniqueKoreanName() },
      { name: 'role', data: 'operator' },
      { name: 'file', filename: 'id.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    const extraField = await person.browser.post('/api/profile/name-change', undefined, {
      payload: extra.payload,
      headers: extra.headers,
    });
    expect(extraField.statusCode).toBe(400);

    const unlocked = await kit.person();
    await unverify(unlocked);
    expect((await requestNameChange(unlocked, uniqueKoreanName())).statusCode).toBe(400);

    const rows = await kit.app.db
      .select()
      .from(nameChangeRequests)
      .where(and(eq(nameChangeRequests.userId, person.id)));
    expect(rows).toHaveLength(0);
  });

  it('refuses the pixel flood from its header with 422 IMAGE_TOO_LARGE, and stores nothing', async () => {
    const person = await kit.person();
    const filesBefore = await filesUnder(uploads.path);
    const flood = await requestNameChange(person, uniqueKoreanName(), pixelFloodPng());
    expect(flood.statusCode).toBe(422);
    expect(flood.json()).toMatchObject({ error: { code: 'IMAGE_TOO_LARGE' } });
    const rows = await kit.app.db
      .select()
      .from(nameChangeRequests)
      .where(eq(nameChangeRequests.userId, person.id));
    expect(rows).toHaveLength(0);
    expect(await filesUnder(uploads.path)).toEqual(filesBefore);
    // A phone photo still goes through.
    expect((await requestNameChange(person, uniqueKoreanName())).statusCode).toBe(201);
  });

  it('nobody approves their own request', async () => {
    const self = await kit.person({ role: 'operator' });
    const sent = await requestNameChange(self, uniqueKoreanName());
    expect(sent.statusCode, sent.body).toBe(201);
    const own = await self.browser.post(
      `/api/operator/name-changes/${sent.json<{ id: string }>().id}/approve`,
      {},
    );
    expect(own.statusCode).toBe(403);
  });
});
