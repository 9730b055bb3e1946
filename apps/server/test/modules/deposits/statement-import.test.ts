import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  previewed,
  statementCounts,
  type StatementReport,
} from '@portal/contract/statement-import';
import type { TransactionDetail } from '@portal/contract/transactions';
import {
  agencies,
  auditEvents,
  deposits,
  merchantCredits,
  transactionEvents,
  transactions,
} from '@server/db/schema';
import { deliverToWebhook } from '@test/bank-webhook';
import { sampleOf } from '@test/metrics-text';
import iconv from 'iconv-lite';
import { moneyKit, uniqueKoreanName, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * The statement import's two steps through the API (docs/decisions/019): the preview runs every
 * line through the one matching path and writes nothing; the import writes exactly what the
 * preview showed, once, or nothing; bad files are refused with a stable code.
 */
const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { bankWebhookSecret: SECRET } });
  operator = await kit.person({ role: 'operator' });
  // A receiving account as banks print it (the kit's has letters), before any buy copies it.
  await kit.app.db
    .update(agencies)
    .set({
      bankAccountNumber: `110-${randomBytes(3).readUIntBE(0, 3) % 1000}-${Date.now() % 1_000_000}`,
    })
    .where(eq(agencies.id, kit.agencyId));
});
afterAll(() => kit.close());

/** The audit events of the import of a file (by its fingerprint). */
async function importEvents(fingerprint: string) {
  return kit.app.db
    .select({ actorUserId: auditEvents.actorUserId, details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'statement_imported'),
        eq(auditEvents.objectType, 'statement'),
        eq(auditEvents.objectId, fingerprint),
      ),
    );
}

const PREVIEW = '/api/operator/deposits/import/preview';
const IMPORT = '/api/operator/deposits/import';

function upload(path: string, file: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return operator.browser.post(path, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function preview(file: Buffer): Promise<StatementReport> {
  const response = await upload(PREVIEW, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementReport>();
}

function confirm(file: Buffer, report: StatementReport) {
  return upload(IMPORT, file, { preview: JSON.stringify(previewed(report)) });
}

const csv = (rows: string[][]) =>
  Buffer.from(
    rows
      .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell}"` : cell)).join(','))
      .join('\r\n'),
    'utf8',
  );

/** Korea's wall clock at an instant, as "2026.11.24 11:35:00" (a KB국민 export's form). */
function kbTime(at: Date): string {
  const wall = new Date(at.getTime() + 9 * 3600_000).toISOString();
  return `${wall.slice(0, 10).replaceAll('-', '.')} ${wall.slice(11, 19)}`;
}

const grouped = (won: string) => BigInt(won).toLocaleString('en-US');

/** A buy of its own person, open and waiting for its deposit. */
async function openBuy(): Promise<{ owner: Person; buy: TransactionDetail }> {
  const owner = await kit.person();
  const account = await kit.account(owner);
  // A unique amount, so no other test's deposit concerns this buy.
  const amount = `${2 + (randomBytes(2).readUInt16BE(0) % 900)}.${randomBytes(1)[0]! % 9}1`;
  return { owner, buy: await kit.made(owner, 'buy', account.id, amount) };
}

/** What the import could write for these buys and names, counted straight from the database. */
async function footprint(buyIds: string[], names: string[]) {
  const db = kit.app.db;
  const [depositRows] = await db
    .select({ n: count() })
    .from(deposits)
    .where(inArray(deposits.depositorName, names));
  const [events] = await db
    .select({ n: count() })
    .from(transactionEvents)
    .where(inArray(transactionEvents.transactionId, buyIds));
  const [credits] = await db
    .select({ n: count() })
    .from(merchantCredits)
    .where(inArray(merchantCredits.transactionId, buyIds));
  const statuses = await db
    .select({ id: transactions.id, status: transactions.status, delay: transactions.delayReason })
    .from(transactions)
    .where(inArray(transactions.id, buyIds));
  return {
    deposits: depositRows!.n,
    events: events!.n,
    credits: credits!.n,
    statuses: Object.fromEntries(statuses.map((row) => [row.id, [row.status, row.delay]])),
  };
}

const deliverWebhook = (body: unknown) => deliverToWebhook(kit.app, SECRET, body);

/** The statement's deposit counters now (docs/OPERATIONS.md): only an import that commits counts. */
async function statementCounters() {
  const text = await kit.app.metrics.scrape();
  return {
    matched: sampleOf(text, 'portal_deposits_matched_total', { source: 'statement' }),
    nameDiffers: sampleOf(text, 'portal_deposits_review_total', {
      source: 'statement',
      reason: 'name_differs',
    }),
  };
}

const KB_HEADER = ['거래일시', '적요', '보낸분/받는분', '출금액(원)', '입금액(원)', '잔액(원)'];

describe('statement import: preview, then import', () => {
  it('a preview shows what each line will do and writes nothing; the import then writes exactly that, once', async () => {
    const { owner, buy } = await openBuy();
    const other = await openBuy();
    const stranger = uniqueKoreanName();
    const at = kbTime(new Date(Date.now() + 60_000));
    const account = buy.depositInstructions!.accountNumber;
    const file = csv([
      ['거래내역조회'],
      ['계좌번호', account],
      KB_HEADER,
      [at, '타행이체', owner.name, '0', grouped(buy.totalKrw), '5,000,000'],
      // The right amount for the other buy, from someone else: a person decides.
      [at, '타행이체', stranger, '0', `${grouped(other.buy.totalKrw)}원`, '6,000,000'],
      [at, '타행이체', owner.name, '0', '1,00', '6,000,100'],
      [at, '체크카드', 'GS25', '4,700', '0', '5,995,400'],
    ]);
    const names = [owner.name, stranger];
    const buys = [buy.id, other.buy.id];
    const before = await footprint(buys, names);
    const counted = await statementCounters();

    const shown = await preview(file);
    expect(shown).toMatchObject({ imported: false, format: 'csv-utf8', receivingAccount: account });
    expect(shown.lines.map((line) => [line.line, line.outcome])).toEqual([
      [4, { kind: 'settle', transaction: { id: buy.id, number: buy.number } }],
      [
        5,
        {
          kind: 'review',
          reason: 'name_differs',
          transactions: [{ id: other.buy.id, number: other.buy.number }],
        },
      ],
      // The column and what is wrong, as keys the web puts in the reader's words.
      [
        6,
        {
          kind: 'error',
          problems: [{ column: 'amount', message: 'numberGrouping', value: '1,00' }],
        },
      ],
      [7, { kind: 'skipped', why: 'withdrawal' }],
    ]);
    expect(statementCounts(shown.lines)).toMatchObject({ toImport: 2, errors: 1, skipped: 1 });
    // Nothing written: no deposit, no move, no credit, the buys as they were, no audit event.
    expect(await footprint(buys, names)).toEqual(before);
    expect(await importEvents(shown.fingerprint)).toEqual([]);
    // ...and counted nothing: the preview's deposits were rolled back.
    expect(await statementCounters()).toEqual(counted);

    const done = await confirm(file, shown);
    expect(done.statusCode, done.body).toBe(200);
    const report = done.json<StatementReport>();
    expect(report.imported).toBe(true);
    expect(await statementCounters()).toEqual({
      matched: counted.matched! + 1,
      nameDiffers: counted.nameDiffers! + 1,
    });
    // The import is in the audit trail once, by whom, with what it did (docs/decisions/020).
    expect(await importEvents(shown.fingerprint)).toEqual([
      {
        actorUserId: operator.id,
        details: expect.objectContaining({
          format: 'csv-utf8',
          receivingAccount: account,
          toImport: 2,
          errors: 1,
          skipped: 1,
        }),
      },
    ]);
    expect(report.lines.map((line) => line.outcome)).toEqual(
      shown.lines.map((line) => line.outcome),
    );
    expect(report.lines.every((line) => !line.meanwhile)).toBe(true);
    const after = await footprint(buys, names);
    expect(after.deposits).toBe(before.deposits + 2);
    expect(after.credits).toBe(before.credits + 1);
    expect(after.statuses).toEqual({
      [buy.id]: ['Completed', null],
      [other.buy.id]: ['Pending', 'name_differs'],
    });

    // The same file again: every deposit is already recorded, nothing to do.
    const again = await preview(file);
    expect(again.lines.slice(0, 2).map((line) => line.outcome)).toEqual([
      {
        kind: 'recorded',
        bankReference: report.lines[0]!.bankReference,
        source: 'statement',
        status: 'settled',
      },
      {
        kind: 'recorded',
        bankReference: report.lines[1]!.bankReference,
        source: 'statement',
        status: 'review',
      },
    ]);
    expect(statementCounts(again.lines).toImport).toBe(0);
  });

  it('a line the bank notification records between preview and import counts once (same reference)', async () => {
    const { owner, buy } = await openBuy();
    const reference = `BANK-${randomBytes(6).toString('hex')}`;
    const receivedAt = new Date(Date.now() + 60_000).toISOString();
    const file = csv([
      ['bank_reference', 'depositor_name', 'amount_krw', 'received_at'],
      [reference, owner.name, buy.totalKrw, receivedAt],
    ]);
    const shown = await preview(file);
    expect(shown.lines[0]!.outcome).toMatchObject({ kind: 'settle' });

    const notified = await deliverWebhook({
      bankReference: reference,
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivedAt,
    });
    expect(notified.json()).toMatchObject({ duplicate: false, deposit: { status: 'settled' } });

    const done = await confirm(file, shown);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<StatementReport>().lines[0]).toMatchObject({
      meanwhile: true,
      outcome: { kind: 'recorded', bankReference: reference, source: 'webhook', status: 'settled' },
    });
    const after = await footprint([buy.id], [owner.name]);
    expect(after).toMatchObject({ deposits: 1, credits: 1 });
  });

  it('a bank export line (no reference) the bank notification recorded meanwhile counts once', async () => {
    const { owner, buy } = await openBuy();
    const at = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    const file = csv([
      KB_HEADER,
      [kbTime(at), '타행이체', owner.name, '0', grouped(buy.totalKrw), '7,000,000'],
    ]);
    const shown = await preview(file);
    expect(shown.lines[0]).toMatchObject({ referenceMade: true, outcome: { kind: 'settle' } });

    const bankReference = `BANK-${randomBytes(6).toString('hex')}`;
    await deliverWebhook({
      bankReference,
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivedAt: at.toISOString(),
    });
    const done = await confirm(file, shown);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<StatementReport>().lines[0]).toMatchObject({
      meanwhile: true,
      outcome: { kind: 'recorded', bankReference, source: 'webhook' },
    });
    expect(await footprint([buy.id], [owner.name])).toMatchObject({ deposits: 1, credits: 1 });
    // And a later import of the same export still finds it.
    expect((await preview(file)).lines[0]!.outcome).toMatchObject({
      kind: 'recorded',
      bankReference,
    });
  });

  it('writes nothing when a line would now do something else than its preview showed', async () => {
    const { owner, buy } = await openBuy();
    const file = csv([
      KB_HEADER,
      [kbTime(new Date(Date.now() + 60_000)), '', owner.name, '0', buy.totalKrw, '1'],
    ]);
    const shown = await preview(file);
    expect(shown.lines[0]!.outcome).toMatchObject({ kind: 'settle' });
    const cancelled = await owner.browser.post(`/api/transactions/${buy.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await footprint([buy.id], [owner.name]);
    const counted = await statementCounters();

    const done = await confirm(file, shown);
    expect(done.statusCode).toBe(409);
    // Rolled back whole, so counted nothing either.
    expect(await statementCounters()).toEqual(counted);
    expect(done.json()).toMatchObject({ error: { code: 'STATEMENT_CHANGED' } });
    expect(await footprint([buy.id], [owner.name])).toEqual(before);
    // A new preview says what the line would do now: the money goes back.
    expect((await preview(file)).lines[0]!.outcome).toMatchObject({
      kind: 'refund_due',
      reason: 'request_cancelled',
    });
  });

  it('imports only a file that was previewed, with what its preview showed', async () => {
    const { owner, buy } = await openBuy();
    const file = csv([
      KB_HEADER,
      [kbTime(new Date(Date.now() + 60_000)), '', owner.name, '0', buy.totalKrw, '1'],
    ]);
    const shown = await preview(file);
    const before = await footprint([buy.id], [owner.name]);
    const other = csv([KB_HEADER, [kbTime(new Date()), '', owner.name, '0', '5,000', '1']]);
    const refused = [
      await upload(IMPORT, file),
      await upload(IMPORT, file, { preview: 'not json' }),
      await confirm(other, shown),
      await upload(IMPORT, file, {
        preview: JSON.stringify({ ...previewed(shown), outcomes: [] }),
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'STATEMENT_NOT_PREVIEWED' } });
    }
    expect(await footprint([buy.id], [owner.name])).toEqual(before);
  });

  it('reads a CP949 file and an Excel workbook as the banks export them', async () => {
    const { owner, buy } = await openBuy();
    const at = kbTime(new Date(Date.now() + 60_000));
    const eucKr = iconv.encode(
      `${KB_HEADER.join(',')}\r\n${at},타행이체,${owner.name},0,"${grouped(buy.totalKrw)}",1\r\n`,
      'cp949',
    );
    const fromCsv = await preview(eucKr);
    expect(fromCsv.format).toBe('csv-cp949');
    expect(fromCsv.lines[0]).toMatchObject({
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      outcome: { kind: 'settle', transaction: { id: buy.id } },
    });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('거래내역');
    sheet.addRow(KB_HEADER);
    sheet.addRow([at, '타행이체', owner.name, 0, Number(buy.totalKrw), 1]);
    const fromXlsx = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(fromXlsx.format).toBe('xlsx');
    expect(fromXlsx.lines[0]).toMatchObject({ line: 2, outcome: { kind: 'settle' } });
    expect(await footprint([buy.id], [owner.name])).toMatchObject({ deposits: 0, credits: 0 });
  });
});

describe('statement import: files it refuses', () => {
  const statementDeposits = async () => {
    const [row] = await kit.app.db
      .select({ n: count() })
      .from(deposits)
      .where(and(eq(deposits.source, 'statement')));
    return row!.n;
  };

  const withdrawals = (lines: number) =>
    Buffer.from(
      [
        '거래일시,보낸분/받는분,출금액,입금액',
        ...Array.from({ length: lines }, (_, i) => `2026.11.24 11:35:00,GS25,${i + 1},0`),
      ].join('\n'),
    );

  it.each([
    ['an empty file', 400, 'FILE_REQUIRED', Buffer.alloc(0)],
    ['blank lines only', 400, 'STATEMENT_EMPTY', Buffer.from('\uFEFF\r\n \r\n,,\r\n')],
    [
      'a header and nothing under it',
      400,
      'STATEMENT_EMPTY',
      Buffer.from('거래일시,입금자명,입금액\r\n'),
    ],
    [
      'a binary file',
      400,
      'STATEMENT_UNREADABLE',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), randomBytes(64)]),
    ],
    [
      'an old .xls workbook',
      400,
      'STATEMENT_UNREADABLE',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 1]),
    ],
    [
      'a web page saved as .xls',
      400,
      'STATEMENT_UNREADABLE',
      Buffer.from('<html><table><tr><td>거래일시</td></tr></table></html>'),
    ],
    [
      'a damaged workbook',
      400,
      'STATEMENT_UNREADABLE',
      Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(40)]),
    ],
    [
      'text in no Korean encoding',
      400,
      'STATEMENT_UNREADABLE',
      Buffer.from([0x41, 0x2c, 0xff, 0xff, 0xff, 0x0a]),
    ],
    [
      'a quote never closed',
      400,
      'STATEMENT_INVALID',
      Buffer.from('거래일시,입금자명,입금액\r\n"2026.11.24 11:35,홍길동,5000\r\n'),
    ],
    ['10,001 lines', 400, 'STATEMENT_TOO_MANY_LINES', withdrawals(10_001)],
    ['more than 5 MB', 413, 'PAYLOAD_TOO_LARGE', Buffer.alloc(5 * 1024 * 1024 + 1, 0x41)],
  ])('refuses %s with %i %s, and writes nothing', async (_, status, code, file) => {
    const before = await statementDeposits();
    for (const path of [PREVIEW, IMPORT]) {
      const response = await upload(path, file, path === IMPORT ? { preview: '{}' } : {});
      expect(response.statusCode, path).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
    }
    expect(await statementDeposits()).toBe(before);
  });

  it('a line whose own bank reference is recorded with other details is an error, never recorded', async () => {
    const bankReference = `CONFLICT-${randomBytes(6).toString('hex')}`;
    const name = uniqueKoreanName();
    const receivedAt = '2026-11-24T11:35:00+09:00';
    const first = await deliverWebhook({
      bankReference,
      depositorName: name,
      amountKrw: '7000',
      receivedAt,
    });
    expect(first.statusCode).toBe(200);
    const file = csv([
      ['bank_reference', 'depositor_name', 'amount_krw', 'received_at', 'receiving_account'],
      [bankReference, name, '70000', receivedAt, ''],
      [bankReference, name, '7000', receivedAt, ''],
    ]);
    const report = await preview(file);
    expect(report.lines.map((line) => line.outcome.kind)).toEqual(['error', 'recorded']);
    expect(report.lines[0]!.outcome).toEqual({
      kind: 'error',
      problems: [
        { column: 'bankReference', message: 'depositReferenceConflict', value: bankReference },
      ],
    });
    const imported = await confirm(file, report);
    expect(imported.statusCode, imported.body).toBe(200);
    const rows = await kit.app.db
      .select()
      .from(deposits)
      .where(eq(deposits.bankReference, bankReference));
    expect(rows.map((row) => row.amountKrw)).toEqual(['7000']);
  });

  it('refuses a file without the columns a deposit needs, naming them', async () => {
    const response = await upload(
      PREVIEW,
      Buffer.from('거래일시,적요,잔액\r\n2026.11.24 11:35,타행이체,5000\r\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'STATEMENT_COLUMNS_MISSING',
        fields: { amount: 'required', depositorName: 'required' },
      },
    });
  });

  it('takes 10,000 lines', async () => {
    const shown = await preview(withdrawals(10_000));
    expect(shown.lines).toHaveLength(10_000);
    expect(statementCounts(shown.lines).skipped).toBe(10_000);
  });
});
