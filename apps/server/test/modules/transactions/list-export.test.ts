import { parse } from 'csv-parse/sync';
import { parse as parseDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgencyTransactionList,
  TransactionDetail,
  TransactionList,
} from '@portal/contract/transactions';
import { koreaDay } from '@portal/contract/korea-time';
import { agencies, users } from '@server/db/schema';
import { transactionBatches } from '@server/modules/transactions/repository';
import { eq } from 'drizzle-orm';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * The list's filters, search and paging return exactly the right rows (Korea's calendar
 * days included), an export is the filtered list row for row, and an agency sees only its own
 * clients. Each test file makes its own merchant, agency and people, so a shared database is fine.
 */
let kit: MoneyKit;
let client: Person;
let agencyUser: Person;
let otherAgencyUser: Person;
let otherClient: Person;
/** The client's transactions by label, created_at set directly below. */
const made: Record<string, TransactionDetail> = {};
let otherMade: TransactionDetail;

/** When each transaction happened (UTC). t2 and t3 share an instant: the number breaks the tie. */
const TIMES: Record<string, string> = {
  feb28Last: '2026-02-28T14:59:59.999Z', // 2026-02-28 23:59:59.999 KST
  mar1First: '2026-02-28T15:00:00.000Z', // 2026-03-01 00:00 KST
  mar1LastA: '2026-03-01T14:59:59.000Z', // 2026-03-01 23:59:59 KST
  mar1LastB: '2026-03-01T14:59:59.000Z', // same instant
  mar2First: '2026-03-01T15:00:00.000Z', // 2026-03-02 00:00 KST
  mar5: '2026-03-05T03:00:00.123456Z', // microseconds: the export's cursor keeps them
  sellMar3: '2026-03-03T01:00:00.000Z',
};

const list = async (who: Person, query: string) => {
  const response = await who.browser.get(`/api/transactions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionList>();
};
const numbers = (result: { items: Array<{ number: string }> }) =>
  result.items.map((item) => item.number);
const num = (...labels: string[]) => labels.map((label) => made[label]!.number);

beforeAll(async () => {
  kit = await moneyKit();
  client = await kit.person();
  agencyUser = await kit.person({ role: 'agency' });
  const account = await kit.account(client, '1000');
  for (const label of Object.keys(TIMES)) {
    made[label] = await kit.made(
      client,
      label.startsWith('sell') ? 'sell' : 'buy',
      account.id,
      label.startsWith('sell') ? '2.5' : '1.25',
    );
  }
  for (const [label, at] of Object.entries(TIMES)) {
    await kit.app.db.execute(
      sql`update transactions set created_at = ${at}::timestamptz where id = ${made[label]!.id}`,
    );
  }
  // One cancelled, one pending; one account name with LIKE wildcards in it.
  const cancelled = await client.browser.post(`/api/transactions/${made.mar1First!.id}/cancel`, {});
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await kit.app.db.execute(
    sql`update transactions set status = 'Pending' where id = ${made.mar5!.id}`,
  );
  await kit.app.db.execute(
    sql`update transactions set account_name = ${'50%_off\\Main'} where id = ${made.mar2First!.id}`,
  );

  // Another agency, with an agency user and a client of its own.
  const [other] = await kit.app.db
    .insert(agencies)
    .values({
      code: `OT-${kit.asset}`,
      name: `Other ${kit.asset}`,
      bankName: '신한은행',
      bankAccountNumber: `200-${kit.asset}`,
      bankAccountHolder: '(주)다른',
    })
    .returning({ id: agencies.id });
  otherAgencyUser = await kit.person({ role: 'agency' });
  otherClient = await kit.person();
  for (const person of [otherAgencyUser, otherClient]) {
    await kit.app.db.update(users).set({ agencyId: other!.id }).where(eq(users.id, person.id));
  }
  const otherAccount = await kit.account(otherClient, '10');
  otherMade = await kit.made(otherClient, 'buy', otherAccount.id, '3');
}, 120_000);
afterAll(() => kit?.close());

describe('GET /api/transactions filters', () => {
  it('lists newest first, the number breaking ties, and pages through exactly', async () => {
    const all = await list(client, 'pageSize=100');
    expect(all.total).toBe(7);
    const order = num(
      'mar5',
      'sellMar3',
      'mar2First',
      'mar1LastB',
      'mar1LastA',
      'mar1First',
      'feb28Last',
    );
    // mar1LastA and mar1LastB share created_at: the higher number first.
    const [a, b] = num('mar1LastA', 'mar1LastB');
    if (a! > b!) order.splice(3, 2, a!, b!);
    expect(numbers(all)).toEqual(order);

    const pages: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const result = await list(client, `pageSize=2&page=${page}`);
      expect(result).toMatchObject({ total: 7, page, pageSize: 2 });
      pages.push(...numbers(result));
    }
    expect(pages).toEqual(order);
  });

  it('takes a day as a calendar day in Korea (+09:00), both ends inclusive', async () => {
    const mar1 = await list(client, 'from=2026-03-01&to=2026-03-01');
    expect(numbers(mar1).sort()).toEqual(num('mar1First', 'mar1LastA', 'mar1LastB').sort());
    const feb28 = await list(client, 'to=2026-02-28');
    expect(numbers(feb28)).toEqual(num('feb28Last'));
    const fromMar2 = await list(client, 'from=2026-03-02');
    expect(numbers(fromMar2).sort()).toEqual(num('mar2First', 'sellMar3', 'mar5').sort());
    const mar2to3 = await list(client, 'from=2026-03-02&to=2026-03-03');
    expect(numbers(mar2to3).sort()).toEqual(num('mar2First', 'sellMar3').sort());
    expect((await list(client, 'from=2026-03-04&to=2026-03-02')).total).toBe(0);
  });

  it('filters by type and by one or several statuses', async () => {
    expect(numbers(await list(client, 'type=sell'))).toEqual(num('sellMar3'));
    expect(numbers(await list(client, 'status=Cancelled'))).toEqual(num('mar1First'));
    const open = await list(client, 'status=Pending&status=Cancelled');
    expect(numbers(open)).toEqual(num('mar5', 'mar1First'));
    const buysRequested = await list(client, 'type=buy&status=Requested&from=2026-03-01');
    expect(buysRequested.total).toBe(3);
  });

  it('searches number, merchant name and code, account name and number, wildcards literal', async () => {
    expect(numbers(await list(client, `q=${made.mar5!.number.toLowerCase()}`))).toEqual(
      num('mar5'),
    );
    expect(
      (await list(client, `q=${encodeURIComponent(`m-${kit.asset.toLowerCase()}`)}`)).total,
    ).toBe(7);
    expect((await list(client, `q=${encodeURIComponent(`sandbox ${kit.asset}`)}`)).total).toBe(7);
    expect(numbers(await list(client, `q=${encodeURIComponent('50%_OFF')}`))).toEqual(
      num('mar2First'),
    );
    expect(numbers(await list(client, `q=${encodeURIComponent('%')}`))).toEqual(num('mar2First'));
    expect(numbers(await list(client, `q=${encodeURIComponent('_')}`))).toEqual(num('mar2First'));
    expect(numbers(await list(client, `q=${encodeURIComponent('\\')}`))).toEqual(num('mar2First'));
    const accountNumber = made.feb28Last!.account.accountNumber;
    expect((await list(client, `q=${encodeURIComponent(accountNumber.slice(3))}`)).total).toBe(7);
    expect((await list(client, 'q=no-such-thing-anywhere')).total).toBe(0);
  });

  it('Next with the cursor gives the same pages as page numbers, ties and microseconds included', async () => {
    for (const query of ['', '&status=Requested&status=Pending', '&type=buy', '&from=2026-03-01']) {
      for (const pageSize of [1, 2, 3]) {
        const byCursor: string[] = [];
        let after: string | null = null;
        let page = 1;
        for (;;) {
          const cursor: string = after ? `&after=${encodeURIComponent(after)}` : '';
          const result = await list(client, `pageSize=${pageSize}&page=${page}${query}${cursor}`);
          const byNumber = await list(client, `pageSize=${pageSize}&page=${page}${query}`);
          expect(numbers(result), `${query} size ${pageSize} page ${page}`).toEqual(
            numbers(byNumber),
          );
          expect(result.nextCursor).toBe(byNumber.nextCursor);
          byCursor.push(...numbers(result));
          if (result.nextCursor === null) break;
          after = result.nextCursor;
          page += 1;
        }
        const all = await list(client, `pageSize=100${query}`);
        expect(byCursor, `${query} size ${pageSize}`).toEqual(numbers(all));
        expect(all.nextCursor).toBeNull();
      }
    }
  });

  it('refuses a cursor that is not one, and a day that does not exist', async () => {
    const { nextCursor } = await list(client, 'pageSize=1');
    expect(nextCursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[A-Z]\d{8}$/);
    for (const after of [
      'nonsense',
      `${nextCursor}'`,
      '2026-02-30T00:00:00.000000Z~B00000001',
      "2026-03-01T00:00:00.000000Z~B1' or '1'='1",
      `${nextCursor}~`,
    ]) {
      const response = await client.browser.get(
        `/api/transactions?after=${encodeURIComponent(after)}`,
      );
      expect(response.statusCode, after).toBe(400);
      expect(
        response.json<{ error: { code: string; fields: Record<string, string> } }>().error,
      ).toMatchObject({ code: 'VALIDATION_FAILED', fields: { after: 'invalid' } });
    }
  });

  it('refuses a malformed query with the field named', async () => {
    for (const query of ['from=2026-02-30', 'to=20260301', 'status=Done', 'pageSize=101']) {
      const response = await client.browser.get(`/api/transactions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

type CsvRow = Record<string, string>;
const csvOf = (body: Buffer) => {
  const text = body.toString('utf8');
  return {
    text,
    rows: parse(text, { bom: true, columns: true, skip_empty_lines: true }) as CsvRow[],
  };
};

describe('exports', () => {
  it('CSV is the filtered list row for row: BOM, header, CRLF, KST dates', async () => {
    const query = 'from=2026-03-01&to=2026-03-05&status=Requested&status=Pending';
    const expected = await list(client, `${query}&pageSize=100`);
    const response = await client.browser.get(`/api/transactions/export.csv?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=transactions-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { text, rows } = csvOf(response.rawPayload);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFNo.,Type,Merchant,Account,Amount,Rate,Total (KRW),Status,Date (KST),Completed (KST),Deposit reference,Payout reference',
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(rows.map((row) => row['No.'])).toEqual(numbers(expected));
    const byNumber = new Map(expected.items.map((item) => [item.number, item]));
    for (const row of rows) {
      const item = byNumber.get(row['No.']!)!;
      expect(row.Type).toBe(item.type === 'buy' ? 'Buy' : 'Sell');
      expect(row.Status).toBe(item.status);
      expect(row.Merchant).toBe(item.merchant.name);
      expect(row.Account).toBe(`${item.account.name} (${item.account.accountNumber})`);
      expect(row.Amount).toBe(item.amount);
      expect(row.Rate).toBe(item.rateKrw);
      expect(row['Total (KRW)']).toBe(item.totalKrw);
    }
    const mar1Last = rows.find((row) => row['No.'] === made.mar1LastA!.number)!;
    expect(mar1Last['Date (KST)']).toBe('2026-03-01 23:59:59');
    const mar2 = rows.find((row) => row['No.'] === made.mar2First!.number)!;
    expect(mar2['Date (KST)']).toBe('2026-03-02 00:00:00');
    expect(mar2.Account).toContain('50%_off\\Main');
  });

  it('CSV in Korean has Korean headers and words', async () => {
    const response = await client.browser.get('/api/transactions/export.csv?lang=ko&type=sell');
    const { text, rows } = csvOf(response.rawPayload);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFF번호,유형,머천트,계정,수량,환율,합계(원),상태,일시(KST),완료 일시(KST),입금 참조번호,지급 참조번호',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 번호: made.sellMar3!.number, 유형: '판매', 상태: '요청됨' });
  });

  it.each(['csv', 'xlsx'] as const)(
    'names the %s file in the reader language: Korean as filename*, English as the fallback',
    async (format) => {
      const before = koreaDay();
      const answers = {
        en: await client.browser.get(`/api/transactions/export.${format}?lang=en`),
        ko: await client.browser.get(`/api/transactions/export.${format}?lang=ko`),
        agencyEn: await agencyUser.browser.get(`/api/agency/transactions/export.${format}`),
        agencyKo: await agencyUser.browser.get(`/api/agency/transactions/export.${format}?lang=ko`),
      };
      const after = koreaDay();
      const header = (key: keyof typeof answers) => {
        expect(answers[key].statusCode).toBe(200);
        return answers[key].headers['content-disposition'] as string;
      };
      // The day in Korea when the file was made (the two differ only across midnight).
      const day = header('en').match(/\d{4}-\d{2}-\d{2}/)![0];
      expect([before, after]).toContain(day);
      const extended = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;

      expect(header('en')).toBe(`attachment; filename=transactions-${day}.${format}`);
      expect(header('ko')).toBe(
        `attachment; filename=transactions-${day}.${format}; ${extended(`거래내역_${day}.${format}`)}`,
      );
      expect(header('agencyEn')).toBe(`attachment; filename=client-transactions-${day}.${format}`);
      expect(header('agencyKo')).toBe(
        `attachment; filename=client-transactions-${day}.${format}; ${extended(`고객거래내역_${day}.${format}`)}`,
      );
      // As a browser reads it: the UTF-8 name wins over the ASCII fallback.
      expect(parseDisposition(header('ko')).parameters.filename).toBe(`거래내역_${day}.${format}`);
      expect(parseDisposition(header('en')).parameters.filename).toBe(
        `transactions-${day}.${format}`,
      );
    },
  );

  it('the keyset batches give every row once, in the list order, across ties', async () => {
    const expected = numbers(await list(client, 'pageSize=100'));
    const seen: string[] = [];
    for await (const batch of transactionBatches(kit.app.db, { userId: client.id }, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((row) => row.transaction.number));
    }
    expect(seen).toEqual(expected);
  });

  it('Excel has typed cells: numbers, won without decimals, real dates in Korean time', async () => {
    const expected = await list(client, 'pageSize=100');
    const response = await client.browser.get('/api/transactions/export.xlsx?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename=transactions-.+\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'No.',
      'Type',
      'Merchant',
      'Account',
      'Amount',
      'Rate',
      'Total (KRW)',
      'Status',
      'Date (KST)',
      'Completed (KST)',
      'Deposit reference',
      'Payout reference',
    ]);
    expect(sheet.actualRowCount).toBe(expected.total + 1);
    expected.items.forEach((item, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(item.number);
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(5).value).toBe(Number(item.amount));
      expect(row.getCell(6).value).toBe(Number(item.rateKrw));
      expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(7).value).toBe(Number(item.totalKrw));
      expect(row.getCell(7).numFmt).toBe('#,##0');
      expect(row.getCell(9).type).toBe(ExcelJS.ValueType.Date);
      // The cell reads as Korean wall-clock time.
      const kst = new Date(new Date(item.createdAt).getTime() + 9 * 3600_000);
      expect((row.getCell(9).value as Date).toISOString()).toBe(kst.toISOString());
    });
  });
});

describe('agency', () => {
  it("lists its clients' transactions with the client, and exports them", async () => {
    const response = await agencyUser.browser.get('/api/agency/transactions?pageSize=100');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AgencyTransactionList>();
    expect(result.total).toBe(7);
    expect(new Set(result.items.map((item) => item.client.id))).toEqual(new Set([client.id]));
    expect(result.items[0]!.client).toEqual({
      id: client.id,
      name: client.name,
      email: client.email,
    });
    const filtered = await agencyUser.browser.get(
      `/api/agency/transactions?q=${made.mar5!.number}&status=Pending`,
    );
    expect(numbers(filtered.json<AgencyTransactionList>())).toEqual(num('mar5'));

    const csv = await agencyUser.browser.get('/api/agency/transactions/export.csv?lang=en');
    expect(csv.headers['content-disposition']).toMatch(/filename=client-transactions-/);
    const { rows } = csvOf(csv.rawPayload);
    expect(rows.map((row) => row['No.'])).toEqual(numbers(result));
    expect(rows[0]!.Client).toBe(`${client.name} (${client.email})`);
    const xlsx = await agencyUser.browser.get('/api/agency/transactions/export.xlsx?lang=ko');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(10).value).toBe('고객');
    expect(workbook.worksheets[0]!.actualRowCount).toBe(8);
  });

  it("finds its clients' transactions by the client's name, email or phone, as typed", async () => {
    const search = async (q: string) => {
      const response = await agencyUser.browser.get(
        `/api/agency/transactions?pageSize=100&q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AgencyTransactionList>();
    };
    const all = numbers(await search(''));
    expect(all).toHaveLength(7);
    for (const q of [
      client.name.slice(1),
      client.email.toUpperCase(),
      client.email.split('@')[0]!,
      '010-1234-5678',
      '01012345678',
      '1234 5678',
    ]) {
      expect(numbers(await search(q)), q).toEqual(all);
    }
    // The other agency's client has the same phone, and is still not found here.
    expect(numbers(await search('010-1234-5678'))).not.toContain(otherMade.number);
    expect((await search(otherClient.name)).total).toBe(0);
    // Wildcards are taken literally.
    expect((await search(`${client.name}%`)).total).toBe(0);
    expect((await search(`${client.email.slice(0, 3)}_`)).total).toBe(0);
  });

  it("never shows another agency's clients", async () => {
    const mine = await agencyUser.browser.get(`/api/agency/transactions?q=${otherMade.number}`);
    expect(mine.json<AgencyTransactionList>().total).toBe(0);
    const theirs = await otherAgencyUser.browser.get('/api/agency/transactions?pageSize=100');
    const theirList = theirs.json<AgencyTransactionList>();
    expect(numbers(theirList)).toEqual([otherMade.number]);
    const csv = await otherAgencyUser.browser.get('/api/agency/transactions/export.csv');
    expect(csvOf(csv.rawPayload).rows.map((row) => row['No.'])).toEqual([otherMade.number]);
    // Nor one of them by id: a transaction is its owner's alone.
    const detail = await agencyUser.browser.get(`/api/transactions/${otherMade.id}`);
    expect(detail.statusCode).toBe(404);
  });

  it('follows a client who changes agency or stops being a client, counts and rows alike', async () => {
    const agencyOf = async (person: Person) =>
      (await kit.app.db.select().from(users).where(eq(users.id, person.id)))[0]!.agencyId;
    const [mine, theirs] = [await agencyOf(agencyUser), await agencyOf(otherAgencyUser)];
    const listOf = async (who: Person, query = '') =>
      (
        await who.browser.get(`/api/agency/transactions?pageSize=100${query}`)
      ).json<AgencyTransactionList>();
    const move = (set: Partial<typeof users.$inferInsert>) =>
      kit.app.db.update(users).set(set).where(eq(users.id, otherClient.id));
    try {
      await move({ agencyId: mine });
      const joined = await listOf(agencyUser);
      expect(joined.total).toBe(8);
      expect(numbers(joined)).toContain(otherMade.number);
      expect((await listOf(agencyUser, '&type=buy&status=Requested')).total).toBe(
        (await listOf(agencyUser, '&type=buy&status=Requested&from=2000-01-01')).total,
      );
      expect((await listOf(otherAgencyUser)).total).toBe(0);

      await move({ role: 'operator' });
      const left = await listOf(agencyUser);
      expect(left.total).toBe(7);
      expect(numbers(left)).not.toContain(otherMade.number);
    } finally {
      await move({ role: 'client', agencyId: theirs });
    }
    expect(numbers(await listOf(otherAgencyUser))).toEqual([otherMade.number]);
    expect((await listOf(otherAgencyUser)).total).toBe(1);
  });

  it("pages its clients' transactions by cursor exactly as by page number", async () => {
    const agencyList = async (query: string) => {
      const response = await agencyUser.browser.get(`/api/agency/transactions?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AgencyTransactionList>();
    };
    const all = numbers(await agencyList('pageSize=100'));
    const byCursor: string[] = [];
    let result = await agencyList('pageSize=2&page=1');
    for (let page = 2; ; page += 1) {
      byCursor.push(...numbers(result));
      if (result.nextCursor === null) break;
      expect(page).toBeLessThanOrEqual(4);
      result = await agencyList(
        `pageSize=2&page=${page}&after=${encodeURIComponent(result.nextCursor)}`,
      );
      expect(result).toMatchObject({ total: all.length, page, pageSize: 2 });
    }
    expect(byCursor).toEqual(all);
  });

  it('pages from either end to exactly the same rows, with the kept total', async () => {
    const all = numbers(await list(client, 'pageSize=100'));
    for (const pageSize of [1, 2, 3]) {
      const pages: string[] = [];
      for (let page = 1; (page - 1) * pageSize < all.length; page += 1) {
        const result = await list(client, `pageSize=${pageSize}&page=${page}`);
        expect(result.total).toBe(all.length);
        pages.push(...numbers(result));
      }
      expect(pages, `pageSize ${pageSize}`).toEqual(all);
    }
    const beyond = await list(client, `pageSize=3&page=4`);
    expect(beyond).toMatchObject({ total: all.length, items: [] });
  });

  it('is for agency users only', async () => {
    for (const url of [
      '/api/agency/transactions',
      '/api/agency/transactions/export.csv',
      '/api/agency/transactions/export.xlsx',
    ]) {
      expect((await client.browser.get(url)).statusCode, url).toBe(403);
    }
  });

  it('exports need a signed-in browser caller', async () => {
    const anonymous = await kit.app.inject({
      method: 'GET',
      url: '/api/transactions/export.csv',
      headers: { 'x-role': 'production' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noRole = await client.browser.get('/api/transactions/export.csv', { withoutRole: true });
    expect(noRole.statusCode).toBe(403);
  });
});
