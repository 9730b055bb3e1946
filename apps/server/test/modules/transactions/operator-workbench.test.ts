import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorTransactionDetail } from '@portal/contract/operator-workbench';
import type { OperatorTransactionList } from '@portal/contract/transactions';
import { deposits, transactionEvents, transactions } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import { createAgency } from '@test/identity';
import {
  addBuy,
  makeMerchant,
  makeUser,
  marker,
  person,
  type Made,
} from '../agency-clients/agency-clients-kit';

/**
 * The operator's workbench (docs/decisions/021): any transaction in full, and the All list's
 * search (user, depositor, won amount), Korea-day dates, order and export. Every row here
 * belongs to people with a fresh marker in their name, so a shared database is fine.
 */
let app: App;
let operator: Awaited<ReturnType<typeof person>>;
let owner: Made;
let merchant: Awaited<ReturnType<typeof makeMerchant>>;
const tag = marker();
let small: { id: string; number: string };
let big: { id: string; number: string };
let reviewed: { id: string; number: string };
let sell: { id: string; number: string };

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  operator = await person(app, 'operator');
  owner = await makeUser(app, { name: `Owner ${tag}` });
  merchant = await makeMerchant(app);
  // Korea days: small on 2026-03-01 (00:30 KST), big on 2026-03-02, reviewed on 2026-03-03.
  small = await addBuy(
    app,
    owner.id,
    merchant,
    12_000,
    'Completed',
    new Date('2026-02-28T15:30:00Z'),
  );
  big = await addBuy(
    app,
    owner.id,
    merchant,
    1_234_000,
    'Pending',
    new Date('2026-03-02T01:00:00Z'),
  );
  reviewed = await addBuy(
    app,
    owner.id,
    merchant,
    50_000,
    'Pending',
    new Date('2026-03-03T01:00:00Z'),
  );
  await app.db.insert(deposits).values({
    bankReference: `WB-${randomBytes(6).toString('hex')}`,
    depositorName: `Sender ${tag}`,
    amountKrw: '49000',
    receivedAt: new Date('2026-03-03T02:00:00Z'),
    source: 'manual',
    status: 'review',
    reviewReason: 'amount_differs',
    relatedTransactionIds: [reviewed.id],
  });
  await app.db.insert(transactionEvents).values([
    {
      transactionId: big.id,
      move: 'create',
      toStatus: 'Requested',
      actorKind: 'user',
      actorUserId: owner.id,
    },
    {
      transactionId: big.id,
      move: 'deposit_review',
      fromStatus: 'Requested',
      toStatus: 'Pending',
      actorKind: 'operator',
      actorUserId: operator.id,
      note: 'Checked by phone.',
    },
  ]);
  const [made] = await app.db
    .insert(transactions)
    .values({
      number: `S${randomBytes(5).toString('hex').toUpperCase()}`,
      type: 'sell',
      status: 'Requested',
      userId: owner.id,
      merchantId: merchant.id,
      accountName: 'Main',
      accountNumber: 'ACC-1',
      amount: '3',
      rateId: merchant.rateId,
      rateKrw: '990',
      totalKrw: '2970',
      payeeBankCode: '004',
      payeeAccountNumber: '123-45-67890',
      payeeHolderName: `Owner ${tag}`,
      createdAt: new Date('2026-03-04T01:00:00Z'),
    })
    .returning({ id: transactions.id, number: transactions.number });
  sell = made!;
});
afterAll(() => app.close());

const detailOf = async (id: string) => {
  const response = await operator.browser.get(`/api/operator/transactions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OperatorTransactionDetail>();
};
const list = async (query: string) => {
  const response = await operator.browser.get(`/api/operator/transactions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OperatorTransactionList>().items.map((item) => item.number);
};

describe('GET /api/operator/transactions/:id', () => {
  it('shows the whole history with who took each step, and the owner', async () => {
    const detail = await detailOf(big.id);
    expect(detail.number).toBe(big.number);
    expect(detail.user).toEqual({ id: owner.id, name: owner.name, email: owner.email });
    expect(detail.events.map((event) => [event.move, event.actor?.name ?? null])).toEqual([
      ['create', owner.name],
      ['deposit_review', operator.name],
    ]);
    expect(detail.events[1]!.note).toBe('Checked by phone.');
    expect(detail.deposits).toEqual([]);
  });

  it('names the deposit that paid a buy and the one waiting for review', async () => {
    const paid = await detailOf(small.id);
    expect(paid.deposits).toHaveLength(1);
    expect(paid.deposits[0]).toMatchObject({
      relation: 'settled',
      status: 'settled',
      amountKrw: '12000',
    });
    const [settledBy] = await app.db
      .select({ id: transactions.settledByDepositId })
      .from(transactions)
      .where(eq(transactions.id, small.id));
    expect(paid.deposits[0]!.id).toBe(settledBy!.id);
    const waiting = await detailOf(reviewed.id);
    expect(waiting.deposits).toEqual([
      expect.objectContaining({
        relation: 'review',
        status: 'review',
        depositorName: `Sender ${tag}`,
        amountKrw: '49000',
      }),
    ]);
  });

  it('shows a sell’s payee', async () => {
    const detail = await detailOf(sell.id);
    expect(detail.payee).toMatchObject({ bankCode: '004', accountNumber: '123-45-67890' });
  });

  it('is for operators only, and an unknown one is not found', async () => {
    const agency = await createAgency(app, `Workbench ${tag}`);
    const client = await person(app, 'client');
    const agent = await person(app, 'agency', agency.id);
    for (const who of [client, agent]) {
      const response = await who.browser.get(`/api/operator/transactions/${big.id}`);
      expect(response.statusCode).toBe(403);
    }
    const unknown = await operator.browser.get(
      '/api/operator/transactions/7c9e6679-7425-40de-944b-e07fc1f90ae7',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/operator/transactions: search, dates, order', () => {
  it('finds the user by name or email, oldest first by default', async () => {
    expect(await list(`q=${encodeURIComponent(`Owner ${tag}`)}`)).toEqual([
      small.number,
      big.number,
      reviewed.number,
      sell.number,
    ]);
    expect(await list(`q=${encodeURIComponent(owner.email.toUpperCase())}&type=buy`)).toHaveLength(
      3,
    );
  });

  it('finds a linked deposit’s depositor and a won amount as typed', async () => {
    expect(await list(`q=${encodeURIComponent(`sender ${tag}`)}`)).toEqual([reviewed.number]);
    for (const typed of ['1,234,000', '1234000', '1234000원']) {
      const found = await list(`q=${encodeURIComponent(typed)}`);
      expect(found, typed).toContain(big.number);
      expect(found, typed).not.toContain(small.number);
    }
  });

  it('takes Korea days from and to, and sorts newest first or by amount', async () => {
    const q = `q=${encodeURIComponent(`Owner ${tag}`)}`;
    expect(await list(`${q}&from=2026-03-01&to=2026-03-02`)).toEqual([small.number, big.number]);
    expect(await list(`${q}&from=2026-03-02&to=2026-03-02`)).toEqual([big.number]);
    expect(await list(`${q}&sort=newest`)).toEqual([
      sell.number,
      reviewed.number,
      big.number,
      small.number,
    ]);
    expect(await list(`${q}&sort=amount_desc`)).toEqual([
      big.number,
      reviewed.number,
      small.number,
      sell.number,
    ]);
    expect(await list(`${q}&sort=amount_asc&page=2&pageSize=3`)).toEqual([big.number]);
    const refused = await operator.browser.get('/api/operator/transactions?sort=sideways');
    expect(refused.statusCode).toBe(400);
  });
});

describe('GET /api/operator/transactions/export.csv|.xlsx', () => {
  it('exports the searched rows, newest first, in the reader’s language', async () => {
    const q = encodeURIComponent(`Owner ${tag}`);
    const response = await operator.browser.get(
      `/api/operator/transactions/export.csv?q=${q}&type=buy&lang=ko`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('all-transactions-');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      '전체거래내역_',
    );
    const rows = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]![0]).toBe('번호');
    const clientColumn = rows[0]!.indexOf('고객');
    expect(clientColumn).toBeGreaterThan(0);
    expect(rows.slice(1).map((row) => row[0])).toEqual([reviewed.number, big.number, small.number]);
    expect(rows[1]![clientColumn]).toBe(`${owner.name} (${owner.email})`);

    const xlsx = await operator.browser.get(`/api/operator/transactions/export.xlsx?q=${q}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('is for operators only', async () => {
    const client = await person(app, 'client');
    const response = await client.browser.get('/api/operator/transactions/export.csv');
    expect(response.statusCode).toBe(403);
  });
});
