import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalListResponse, ApprovalRequested } from '@portal/contract/approvals';
import type { TransactionDetail } from '@portal/contract/transactions';
import { approvals } from '@server/db/schema';
import { APPROVAL_EXPORT_WORDS } from '@server/modules/approvals/export';
import {
  deposit,
  moneyKit,
  uniqueAmount,
  uniqueKoreanName,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';

/**
 * The approvals queue searched, filtered by Korea day, sorted and exported like every operator
 * queue (docs/decisions/017, 021). The maker is a fresh operator with a name of their own, so the
 * tests run beside others on a shared database.
 */
let kit: MoneyKit;
let maker: Person;
let checker: Person;
let buyA: TransactionDetail;
let cancelA: Approval;
let cancelB: Approval;
let refund: Approval;
const REASON = '=SUM(A1) is the wrong sender';

type Response = Awaited<ReturnType<Person['browser']['post']>>;
function asked(response: Response): Approval {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ApprovalRequested>().approval;
}

async function buyOf(): Promise<TransactionDetail> {
  const owner = await kit.person();
  const account = await kit.account(owner);
  return kit.made(owner, 'buy', account.id, uniqueAmount());
}

beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  maker = await kit.person({ role: 'operator' });
  checker = await kit.person({ role: 'operator' });
  buyA = await buyOf();
  const buyB = await buyOf();
  const cancel = (buy: TransactionDetail) =>
    maker.browser.post(`/api/operator/transactions/${buy.id}/cancel`, {
      reason: 'The client asked us to.',
    });
  cancelA = asked(await cancel(buyA));
  cancelB = asked(await cancel(buyB));
  // B asked at 00:30 KST on 2026-01-02 (15:30 UTC the day before): the one waiting longest.
  await kit.app.db
    .update(approvals)
    .set({ requestedAt: new Date('2026-01-01T15:30:00Z') })
    .where(eq(approvals.id, cancelB.id));

  const buyC = await buyOf();
  const { deposit: recorded } = await deposit(kit.app, {
    depositorName: uniqueKoreanName(),
    amountKrw: buyC.totalKrw,
  });
  refund = asked(
    await maker.browser.post(`/api/operator/deposits/${recorded.id}/refund`, {
      reason: 'no_request',
      transactionId: buyC.id,
    }),
  );
  const rejected = await checker.browser.post(`/api/operator/approvals/${refund.id}/reject`, {
    reason: REASON,
  });
  expect(rejected.statusCode, rejected.body).toBe(200);
});
afterAll(() => kit.close());

const at = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

async function ids(query: Record<string, string>, who: Person = checker) {
  const response = await who.browser.get(at('/api/operator/approvals', query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApprovalListResponse>().items.map((approval) => approval.id);
}

describe('searching the approvals queue', () => {
  it("finds by the maker's name, the transaction number and the amount typed with commas", async () => {
    expect(await ids({ q: maker.name })).toEqual([cancelB.id, cancelA.id]);
    expect(await ids({ q: maker.name, view: 'decided' })).toEqual([refund.id]);
    // The checker too, by name and by email.
    expect(await ids({ q: checker.name, view: 'decided' })).toContain(refund.id);
    expect(await ids({ q: checker.email, view: 'decided' })).toContain(refund.id);
    expect(await ids({ q: buyA.number })).toEqual([cancelA.id]);
    expect(await ids({ q: buyA.number.toLowerCase() })).toEqual([cancelA.id]);
    const grouped = Number(buyA.totalKrw).toLocaleString('en-US');
    expect(grouped).toContain(',');
    expect(await ids({ q: grouped })).toContain(cancelA.id);
    expect(await ids({ q: `${grouped}원` })).toContain(cancelA.id);
    expect(await ids({ q: buyA.totalKrw.replace(/\.\d+$/, '') })).toContain(cancelA.id);
    // The rejection reason is searched too; LIKE's wildcards are literal.
    expect(await ids({ q: 'wrong sender', view: 'decided' })).toContain(refund.id);
    expect(await ids({ q: `${maker.name}%` })).toEqual([]);
  });

  it('keeps Korea days of the request, both inclusive', async () => {
    const q = maker.name;
    expect(await ids({ q, from: '2026-01-02', to: '2026-01-02' })).toEqual([cancelB.id]);
    expect(await ids({ q, to: '2026-01-01' })).toEqual([]);
    expect(await ids({ q, from: '2026-01-03' })).toEqual([cancelA.id]);
  });

  it('sorts oldest or newest first, pending oldest and decided newest by default', async () => {
    const q = maker.name;
    expect(await ids({ q, sort: 'newest' })).toEqual([cancelA.id, cancelB.id]);
    expect(await ids({ q, sort: 'oldest' })).toEqual([cancelB.id, cancelA.id]);
  });

  it('refuses an end day before the start day, and bad input, with 400', async () => {
    const response = await checker.browser.get(
      at('/api/operator/approvals', { from: '2026-01-02', to: '2026-01-01' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { to: 'dateRangeReversed' },
    });
    const refusedQueries: Record<string, string>[] = [
      { sort: 'largest' },
      { from: '2026-02-30' },
      { q: 'x'.repeat(101) },
      { colour: 'red' },
    ];
    for (const query of refusedQueries) {
      const refused = await checker.browser.get(at('/api/operator/approvals', query));
      expect(refused.statusCode, JSON.stringify(query)).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    const exported = await checker.browser.get(
      at('/api/operator/approvals/export.csv', { from: '2026-01-02', to: '2026-01-01' }),
    );
    expect(exported.statusCode).toBe(400);
  });
});

describe('exporting the approvals queue', () => {
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('writes the filtered rows as CSV, in Korean or English, formulas neutralised', async () => {
    const ko = await checker.browser.get(
      at('/api/operator/approvals/export.csv', { q: maker.name, lang: 'ko' }),
    );
    expect(ko.statusCode, ko.body).toBe(200);
    expect(ko.headers['content-type']).toContain('text/csv');
    expect([...ko.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(String(ko.headers['content-disposition'])).toContain('approvals-');
    const pending = lines(ko.body);
    expect(pending[0]).toBe(
      '요청 일시(KST),종류,내용,금액(원),요청자,상태,승인자,처리 일시(KST),거절 사유',
    );
    // The pending view, oldest first: B then A, nothing of the decided refund.
    expect(pending).toHaveLength(3);
    expect(pending[1]).toContain('2026-01-02 00:30');
    expect(pending[2]).toContain(buyA.number);
    expect(pending[2]).toContain('구매 요청 취소');
    expect(pending[2]).toContain('승인 대기');
    expect(pending[2]).toContain(maker.name);

    const en = await checker.browser.get(
      at('/api/operator/approvals/export.csv', { q: maker.name, view: 'decided', lang: 'en' }),
    );
    expect(en.statusCode, en.body).toBe(200);
    const decided = lines(en.body);
    expect(decided[0]).toBe(
      'Requested at (KST),Kind,What,Amount (KRW),Requested by,Status,Decided by,Decided at (KST),Rejection reason',
    );
    expect(decided).toHaveLength(2);
    expect(decided[1]).toContain('Deposit refund');
    expect(decided[1]).toContain('Rejected');
    expect(decided[1]).toContain(checker.name);
    // A reason a spreadsheet could take for a formula is neutralised.
    expect(decided[1]!.endsWith(`,'${REASON}`)).toBe(true);
  });

  it('writes Excel that opens, with the filtered rows', async () => {
    const response = await checker.browser.get(
      at('/api/operator/approvals/export.xlsx', { q: buyA.number }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('Buy cancellation');
    expect(sheet.getRow(2).getCell(4).value).toBe(Number(buyA.totalKrw));
  });

  it('answers no one but an operator', async () => {
    const client = await kit.person();
    for (const path of [
      '/api/operator/approvals',
      '/api/operator/approvals/export.csv',
      '/api/operator/approvals/export.xlsx',
    ]) {
      expect((await client.browser.get(path)).statusCode, path).toBe(403);
    }
  });
});

describe('approval export words', () => {
  /** The web's common locale file: the kinds and statuses the Approvals screen shows. */
  function screenWords(language: 'en' | 'ko') {
    const path = fileURLToPath(
      new URL(`../../../../web/public/locales/${language}/common.json`, import.meta.url),
    );
    const common = JSON.parse(readFileSync(path, 'utf8')) as {
      approvals: { kinds: Record<string, string>; statuses: Record<string, string> };
    };
    return common.approvals;
  }

  it.each(['en', 'ko'] as const)('are the screen words (%s)', (language) => {
    const screen = screenWords(language);
    expect(APPROVAL_EXPORT_WORDS[language].kinds).toEqual(screen.kinds);
    expect(APPROVAL_EXPORT_WORDS[language].statuses).toEqual(screen.statuses);
  });
});
