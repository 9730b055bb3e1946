import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { payeeAccountNumberSchema } from '@portal/contract/payees';
import { agencies, appSettings, payeeAccounts, users } from '@server/db/schema';
import { DEMO_AGENCIES, DEMO_USERS } from '@server/demo/identity';
import { DEMO_PAYEES } from '@server/demo/money';
import { DEMO_SEEDED_AT, seedDemoData } from '@server/demo/seed';
import { verifyPassword } from '@server/modules/auth/passwords';
import { buildTestApp } from '@test/helpers';
import { signIn } from '@test/identity';
import { openTemplatePglite } from '../pglite-template';

// Always on a database of its own: the marker is one row per database, and a shared real
// database may already have it.
describe('seedDemoData', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  it('seeds once and records when', async () => {
    database = await openTemplatePglite();
    const before = Date.now();
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);

    const marks = await database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, DEMO_SEEDED_AT));
    expect(marks).toHaveLength(1);
    expect(Date.parse(String(marks[0]?.value))).toBeGreaterThanOrEqual(before - 1000);
  });

  it('creates the demo agencies and users exactly once, passwords hashed with argon2id', async () => {
    database = await openTemplatePglite();
    await seedDemoData(database.db);
    // Even with the marker gone, a second seed adds nobody twice.
    await database.db.delete(appSettings).where(eq(appSettings.key, DEMO_SEEDED_AT));
    expect(await seedDemoData(database.db)).toBe(true);

    const agencyRows = await database.db.select().from(agencies);
    expect(
      agencyRows
        .map(({ code, name, bankName, bankAccountNumber, bankAccountHolder }) => ({
          code,
          name,
          bankName,
          bankAccountNumber,
          bankAccountHolder,
        }))
        .sort(byCode),
    ).toEqual([...DEMO_AGENCIES].sort(byCode));
    const userRows = await database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_USERS.map((user) => user.email),
        ),
      );
    expect(userRows).toHaveLength(DEMO_USERS.length);
    const codeOf = new Map(agencyRows.map((agency) => [agency.id, agency.code]));
    for (const demo of DEMO_USERS) {
      const row = userRows.find((user) => user.email === demo.email);
      expect(row, demo.email).toMatchObject({
        name: demo.name,
        phone: demo.phone,
        role: demo.role,
      });
      expect(row?.agencyId ? codeOf.get(row.agencyId) : null, demo.email).toBe(demo.agency);
      expect(row?.passwordHash, demo.email).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', demo.password), demo.email).toBe(true);
    }
  });

  it('gives every demo client a payout bank account in their own name, so each can sell (with two-factor on)', async () => {
    database = await openTemplatePglite();
    await seedDemoData(database.db);
    const payees = await database.db
      .select({ email: users.email, name: users.name, holder: payeeAccounts.holderName })
      .from(payeeAccounts)
      .innerJoin(users, eq(users.id, payeeAccounts.userId));
    const clients = DEMO_USERS.filter((user) => user.role === 'client');
    expect(payees.map((payee) => payee.email).sort()).toEqual(
      clients.map((client) => client.email).sort(),
    );
    for (const payee of payees) expect(payee.holder, payee.email).toBe(payee.name);
    for (const { accountNumber } of DEMO_PAYEES) {
      expect(payeeAccountNumberSchema.safeParse(accountNumber).success, accountNumber).toBe(true);
    }
  });

  it('has the users the README and the browser tests sign in with', () => {
    const summary = DEMO_USERS.map(({ email, password, name, role, agency }) => ({
      email,
      password,
      name,
      role,
      agency,
    }));
    expect(summary).toEqual(
      expect.arrayContaining([
        {
          email: 'operator@wonbridge.example',
          password: 'Operator#2026!',
          name: expect.any(String),
          role: 'operator',
          agency: null,
        },
        {
          email: 'operator2@wonbridge.example',
          password: 'Operator#2026!',
          name: expect.any(String),
          role: 'operator',
          agency: null,
        },
        {
          email: 'agency@wonbridge.example',
          password: 'Agency#2026!',
          name: '김대행',
          role: 'agency',
          agency: 'SEOUL-01',
        },
        {
          email: 'busan@wonbridge.example',
          password: 'Agency#2026!',
          name: expect.any(String),
          role: 'agency',
          agency: 'BUSAN-02',
        },
        {
          email: 'client@wonbridge.example',
          password: 'Client#2026!',
          name: '홍길동',
          role: 'client',
          agency: 'SEOUL-01',
        },
      ]),
    );
    expect(DEMO_USERS.find((user) => user.email === 'client@wonbridge.example')?.phone).toBe(
      '010-1234-5678',
    );
    const clientsOf = (code: string) =>
      DEMO_USERS.filter((user) => user.role === 'client' && user.agency === code);
    expect(clientsOf('SEOUL-01').length).toBeGreaterThanOrEqual(4);
    expect(clientsOf('BUSAN-02').length).toBeGreaterThanOrEqual(1);
  });
});

describe('demo sign-ins', () => {
  it('work through the API, each with its role and agency', async () => {
    const app = await buildTestApp({ demoData: true }, { database: await openTemplatePglite() });
    try {
      const me = async (email: string, password: string) =>
        (await (await signIn(app, email, password)).get('/api/auth/me')).json().user;
      expect(await me('operator@wonbridge.example', 'Operator#2026!')).toMatchObject({
        role: 'operator',
        agency: null,
      });
      expect(await me('agency@wonbridge.example', 'Agency#2026!')).toMatchObject({
        role: 'agency',
        name: '김대행',
        agency: { code: 'SEOUL-01', name: 'Seoul Partners' },
      });
      expect(await me('busan@wonbridge.example', 'Agency#2026!')).toMatchObject({
        role: 'agency',
        agency: { code: 'BUSAN-02', name: 'Busan Exchange Partners' },
      });
      expect(await me('client@wonbridge.example', 'Client#2026!')).toMatchObject({
        role: 'client',
        name: '홍길동',
        phone: '010-1234-5678',
        agency: { code: 'SEOUL-01' },
      });
      // The demo client is verified, with four real images, so it can buy and sell at once.
      const client = await signIn(app, 'client@wonbridge.example', 'Client#2026!');
      const documents = Object.values(
        (await client.get('/api/kyc/documents')).json<{
          documents: Record<string, { id: string; kind: string; status: string }>;
        }>().documents,
      );
      expect(documents.map((d) => [d.kind, d.status]).sort()).toEqual([
        ['bank_book', 'approved'],
        ['id_back', 'approved'],
        ['id_front', 'approved'],
        ['selfie', 'approved'],
      ]);
      // And two-factor on, with the README's key, so it can sell (docs/decisions/026).
      expect((await client.get('/api/profile/two-factor')).json()).toMatchObject({ enabled: true });
      const image = await client.get(`/api/kyc/documents/${documents[0]!.id}/file`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/jpeg/);
      expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    } finally {
      await app.close();
    }
  });
});

function byCode(a: { code: string }, b: { code: string }) {
  return a.code.localeCompare(b.code);
}
