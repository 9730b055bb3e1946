import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositList } from '@portal/contract/transactions';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import { person } from '../agency-clients/agency-clients-kit';
import { addReviewDeposit, makeAgency } from './workbench-kit';

/**
 * The deposit queue's search, dates, order and export (docs/decisions/021). Each test's deposits
 * carry a name of their own, so the tests run beside others on a shared database.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

const at = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;
const tag = () => randomBytes(4).toString('hex');

describe('the deposit queue', () => {
  it('finds by depositor, bank reference (wildcards literal) and won typed either way', async () => {
    const operator = await person(app, 'operator');
    const name = `홍길동${tag()}`;
    const amount = String(1_000_000 + Math.floor(Math.random() * 8_000_000) * 10 + 7);
    const a = await addReviewDeposit(app, {
      depositorName: name,
      amountKrw: amount,
      at: new Date(),
    });
    await addReviewDeposit(app, { depositorName: `${name}_x%`, amountKrw: '5000', at: new Date() });
    const list = async (query: Record<string, string>) => {
      const response = await operator.browser.get(at('/api/operator/deposits', query));
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DepositList>();
    };
    expect((await list({ q: name })).total).toBe(2);
    expect((await list({ q: `${name}_x%` })).total).toBe(1);
    // `_` and `%` are literal: they do not stand for any character.
    expect((await list({ q: `${name.slice(0, -1)}_` })).total).toBe(0);
    expect((await list({ q: a.bankReference })).items.map((d) => d.id)).toEqual([a.id]);
    const grouped = Number(amount).toLocaleString('en-US');
    expect((await list({ q: grouped })).items.map((d) => d.id)).toContain(a.id);
    expect((await list({ q: amount, status: 'review' })).items.map((d) => d.id)).toContain(a.id);
    expect((await list({ q: name, status: 'settled' })).total).toBe(0);
  });

  it('keeps Korea days from and to, and sorts oldest, newest and by amount', async () => {
    const operator = await person(app, 'operator');
    const name = `Sort ${tag()}`;
    // 23:30 KST on 2031-03-01 and 00:30 KST on 2031-03-02.
    const late = await addReviewDeposit(app, {
      depositorName: name,
      amountKrw: '30000',
      at: new Date('2031-03-01T14:30:00Z'),
    });
    const early = await addReviewDeposit(app, {
      depositorName: name,
      amountKrw: '10000',
      at: new Date('2031-03-01T15:30:00Z'),
    });
    const ids = async (query: Record<string, string>) =>
      (await operator.browser.get(at('/api/operator/deposits', { q: name, ...query })))
        .json<DepositList>()
        .items.map((d) => d.id);
    expect(await ids({ from: '2031-03-02', to: '2031-03-02' })).toEqual([early.id]);
    expect(await ids({ to: '2031-03-01' })).toEqual([late.id]);
    expect(await ids({ sort: 'oldest' })).toEqual([late.id, early.id]);
    expect(await ids({ sort: 'newest' })).toEqual([early.id, late.id]);
    expect(await ids({ sort: 'amount_asc' })).toEqual([early.id, late.id]);
    expect(await ids({ sort: 'amount_desc' })).toEqual([late.id, early.id]);
  });

  it('exports the filtered deposits as CSV and Excel in the reader’s language', async () => {
    const operator = await person(app, 'operator');
    const name = `=Export ${tag()}`;
    await addReviewDeposit(app, { depositorName: name, amountKrw: '12345', at: new Date() });
    const csv = await operator.browser.get(
      at('/api/operator/deposits/export.csv', { q: name.slice(1), lang: 'ko' }),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain('deposits-');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('입금자');
    expect(lines).toHaveLength(2);
    // A name a spreadsheet could take for a formula is neutralised.
    expect(lines[1]).toContain(`'${name}`);
    expect(lines[1]).toContain('확인 필요');
    const xlsx = await operator.browser.get(
      at('/api/operator/deposits/export.xlsx', { q: name.slice(1) }),
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input with 400 and anyone but an operator with 403', async () => {
    const operator = await person(app, 'operator');
    const refused: Record<string, string>[] = [
      { sort: 'largest' },
      { from: '2031-02-30' },
      { q: 'x'.repeat(101) },
      { status: 'lost' },
      { colour: 'red' },
    ];
    for (const query of refused) {
      const response = await operator.browser.get(at('/api/operator/deposits', query));
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await operator.browser.get(at('/api/operator/deposits/export.csv', { lang: 'fr' })))
        .statusCode,
    ).toBe(400);
    const client = await person(app, 'client');
    const agencyUser = await person(app, 'agency', (await makeAgency(app)).id);
    for (const someone of [client, agencyUser]) {
      expect((await someone.browser.get('/api/operator/deposits')).statusCode).toBe(403);
      expect((await someone.browser.get('/api/operator/deposits/export.csv')).statusCode).toBe(403);
    }
  });
});
