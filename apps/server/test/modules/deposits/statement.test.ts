import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readStatement, type ReadLine } from '@server/modules/deposits/statement';
import iconv from 'iconv-lite';

/**
 * Reading statements as Korean banks export them (docs/decisions/019): each bank's header row,
 * the title and account above it, withdrawals and totals among the deposits, and the dates, won
 * and encodings they write. Nothing here touches the database: what a line does is the
 * import's to decide (statement-import.test.ts).
 */
const csv = (rows: string[][]) =>
  Buffer.from(
    rows
      .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell}"` : cell)).join(','))
      .join('\r\n'),
    'utf8',
  );

const deposits = (lines: ReadLine[]) =>
  lines
    .filter((line) => line.deposit)
    .map((line) => ({
      name: line.deposit!.depositorName,
      amount: line.deposit!.amountKrw,
      at: line.deposit!.receivedAt,
      account: line.deposit!.receivingAccount,
    }));

describe('bank statement reading', () => {
  it('reads a KB국민 export: title and account above the header, a withdrawal and the total skipped', async () => {
    const statement = await readStatement(
      csv([
        ['거래내역조회'],
        ['계좌번호', '123456-01-234567'],
        ['조회기간', '2026.11.01 ~ 2026.11.30'],
        [],
        [
          '거래일시',
          '적요',
          '보낸분/받는분',
          '송금메모',
          '출금액(원)',
          '입금액(원)',
          '잔액(원)',
          '거래점',
          '구분',
        ],
        [
          '2026.11.24 11:35:00',
          '타행이체',
          '홍길동',
          '',
          '0',
          '1,392,500',
          '2,000,000',
          '인터넷',
          '입금',
        ],
        ['2026.11.24 12:00:00', '체크카드', 'GS25', '', '4,700', '0', '1,995,300', '', '출금'],
        ['합계', '', '', '', '4,700', '1,392,500', '', '', ''],
      ]),
    );
    expect(statement.format).toBe('csv-utf8');
    expect(statement.receivingAccount).toBe('123456-01-234567');
    expect(deposits(statement.lines)).toEqual([
      {
        name: '홍길동',
        amount: '1392500',
        at: '2026-11-24T11:35:00+09:00',
        account: '123456-01-234567',
      },
    ]);
    expect(statement.lines.map((line) => [line.line, line.outcome?.kind ?? 'deposit'])).toEqual([
      [6, 'deposit'],
      [7, 'skipped'],
      [8, 'skipped'],
    ]);
    expect(statement.lines[1]!.outcome).toEqual({ kind: 'skipped', why: 'withdrawal' });
    expect(statement.lines[2]!.outcome).toEqual({ kind: 'skipped', why: 'summary' });
    // Korean banks give no reference of the transfer: the portal makes one from the line.
    expect(statement.lines[0]).toMatchObject({
      referenceMade: true,
      bankReference: expect.stringMatching(/^ST-20261124-113500-[0-9a-f]{12}$/),
    });
  });

  it.each([
    {
      bank: '신한',
      header: ['No', '거래일시', '적요', '입금액', '출금액', '내용', '잔액', '거래점명'],
      row: ['1', '2026-11-24 11:35:00', '모바일', '50,000', '', '김민준', '80,000', '역촌동'],
      at: '2026-11-24T11:35:00+09:00',
    },
    {
      bank: '우리',
      header: [
        'No.',
        '거래일시',
        '적요',
        '기재내용',
        '지급(원)',
        '입금(원)',
        '거래후 잔액(원)',
        '취급기관',
      ],
      row: ['1', '2026.11.24 11:35', '타행건별', '김민준', '0', '50,000', '80,000', '본점'],
      at: '2026-11-24T11:35:00+09:00',
    },
    {
      bank: '하나',
      header: [
        'No',
        '거래일시',
        '적요',
        '의뢰인/수취인',
        '입금',
        '출금',
        '거래후잔액',
        '구분',
        '거래점',
      ],
      row: ['1', '2026/11/24 11:35', '대체', '김민준', '50,000원', '', '80,000', '인터넷', '본점'],
      at: '2026-11-24T11:35:00+09:00',
    },
    {
      bank: 'NH농협 (date and time apart)',
      header: [
        '구분',
        '거래일자',
        '출금금액(원)',
        '입금금액(원)',
        '거래 후 잔액(원)',
        '거래내용',
        '거래기록사항',
        '거래점',
        '거래시간',
      ],
      row: ['1', '2026/11/24', '0', '50,000', '80,000', '타행이체', '김민준', '농협', '11:35:00'],
      at: '2026-11-24T11:35:00+09:00',
    },
    {
      bank: 'IBK기업 (the name in 상대계좌예금주명, not 거래내용)',
      header: [
        'No',
        '거래일시',
        '출금',
        '입금',
        '거래후 잔액',
        '거래내용',
        '송금메시지',
        '상대계좌번호',
        '상대은행',
        '상대계좌예금주명',
      ],
      row: [
        '1',
        '2026-11-24 11:35:00',
        '0',
        '50000',
        '80000',
        '타행이체',
        '',
        '110123456789',
        '신한',
        '김민준',
      ],
      at: '2026-11-24T11:35:00+09:00',
    },
    {
      bank: 'a bank system (digits only)',
      header: ['거래일시', '입금자명', '입금액', '거래 후 잔액'],
      row: ['20261124 113500', '김민준', ' 50000 ', '80000'],
      at: '2026-11-24T11:35:00+09:00',
    },
  ])('reads $bank', async ({ header, row, at }) => {
    const statement = await readStatement(csv([header, row]));
    expect(deposits(statement.lines)).toEqual([
      { name: '김민준', amount: '50000', at, account: undefined },
    ]);
  });

  it.each([
    ['2026.11.24 11:35:00', '2026-11-24T11:35:00+09:00'],
    ['2026.11.24 11:35', '2026-11-24T11:35:00+09:00'],
    ['2026-11-24 11:35:00', '2026-11-24T11:35:00+09:00'],
    ['2026/11/24 11:35', '2026-11-24T11:35:00+09:00'],
    ['20261124 113500', '2026-11-24T11:35:00+09:00'],
    ['2026-11-24 9:05', '2026-11-24T09:05:00+09:00'],
    ['2026-11-24T02:35:00Z', '2026-11-24T02:35:00+00:00'],
  ])('reads the time %s as %s (Korea time unless an offset is given)', async (text, iso) => {
    const statement = await readStatement(
      csv([
        ['거래일시', '입금자명', '입금액'],
        [text, '김민준', '50,000'],
      ]),
    );
    expect(statement.lines[0]!.deposit?.receivedAt).toBe(iso);
  });

  it.each([
    ['1,000,000', '1000000'],
    ['1,000,000원', '1000000'],
    [' 1000000 ', '1000000'],
    ['₩1,000,000', '1000000'],
  ])('reads won written %j as %s', async (text, value) => {
    const statement = await readStatement(
      csv([
        ['거래일시', '입금자명', '입금액'],
        ['2026.11.24 11:35', '김민준', text],
      ]),
    );
    expect(statement.lines[0]!.deposit?.amountKrw).toBe(value);
  });

  it('says what is wrong with a line, cell by cell, with the column and a message key', async () => {
    const statement = await readStatement(
      csv([
        ['거래일시', '입금자명', '입금액'],
        ['2026.11.24 11:35', '김민준', '1,00'],
        ['2026.11.24 11:35', '김민준', '1000.5'],
        ['2026.02.30 11:35', '', '5,000'],
        ['2026.11.24', '김민준', '5,000'],
      ]),
    );
    const problems = statement.lines.map((line) =>
      line.outcome?.kind === 'error' ? line.outcome.problems : [],
    );
    expect(problems).toEqual([
      [{ column: 'amount', message: 'numberGrouping', value: '1,00' }],
      // Won are whole won: never "at most 8 decimal places".
      [{ column: 'amount', message: 'numberWholeWon', value: '1000.5' }],
      [
        { column: 'receivedAt', message: 'statementDateInvalid', value: '2026.02.30 11:35' },
        { column: 'depositorName', message: 'required', value: '' },
      ],
      [{ column: 'receivedAt', message: 'statementTimeMissing', value: '2026.11.24' }],
    ]);
  });

  it('reads a CP949 file as Korean banks and Korean Excel save it, every Hangul syllable included', async () => {
    // 똠 has no EUC-KR code: CP949 gives it 0x8C63, which Node's own decoder reads as "c".
    const text = '거래일시,보낸분/받는분,입금액(원)\r\n2026.11.24 11:35:00,홍똠,"1,392,500"\r\n';
    const bytes = iconv.encode(text, 'cp949');
    expect(bytes.includes(Buffer.from([0x8c, 0x63]))).toBe(true);
    expect(bytes.includes(Buffer.from([0xc8, 0xab]))).toBe(true); // 홍
    // Not UTF-8: the file is really in the other encoding.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const statement = await readStatement(bytes);
    expect(statement.format).toBe('csv-cp949');
    expect(deposits(statement.lines)).toEqual([
      { name: '홍똠', amount: '1392500', at: '2026-11-24T11:35:00+09:00', account: undefined },
    ]);
  });

  it('reads an Excel workbook: date cells as Korea time, number cells as won, rows as lines', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('거래내역');
    sheet.addRow(['하나은행 거래내역']);
    sheet.addRow(['계좌번호 : 123-456789-01234']);
    sheet.addRow(['거래일시', '적요', '의뢰인/수취인', '입금', '출금', '거래후잔액']);
    const row = sheet.addRow([
      new Date(Date.UTC(2026, 10, 24, 11, 35, 0)),
      '대체',
      '홍길동',
      1392500,
      0,
      2000000,
    ]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    sheet.addRow(['2026-11-24 12:00', '대체', '김민준', '50,000', '', '2050000']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const statement = await readStatement(bytes);
    expect(statement.format).toBe('xlsx');
    expect(statement.receivingAccount).toBe('123-456789-01234');
    expect(deposits(statement.lines)).toEqual([
      {
        name: '홍길동',
        amount: '1392500',
        at: '2026-11-24T11:35:00+09:00',
        account: '123-456789-01234',
      },
      {
        name: '김민준',
        amount: '50000',
        at: '2026-11-24T12:00:00+09:00',
        account: '123-456789-01234',
      },
    ]);
    expect(statement.lines.map((line) => line.line)).toEqual([4, 5]);
  });

  it('makes the same reference for the same line in another export, another for a second identical transfer', async () => {
    const header = ['거래일시', '입금자명', '입금액'];
    const line = ['2026.11.24 11:35', '김민준', '50,000'];
    const once = await readStatement(csv([header, line]));
    const overlapping = await readStatement(
      csv([header, ['2026.11.23 09:00', '이서연', '10,000'], line, line]),
    );
    const [first] = once.lines;
    const [, again, second] = overlapping.lines;
    expect(again!.bankReference).toBe(first!.bankReference);
    expect(second!.bankReference).not.toBe(first!.bankReference);
  });
});
