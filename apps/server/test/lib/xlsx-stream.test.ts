import { getDefaultHighWaterMark, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as tick, setTimeout as delay } from 'node:timers/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxExport } from '@server/modules/transactions/export';
import { xlsxStream, xmlText } from '@server/lib/xlsx-stream';
import type { ExportRow } from '@server/modules/transactions/transaction-payloads';

/**
 * The Excel writer: the sheet is written as XML directly, so these read every file
 * back with exceljs (a strict XML parser underneath) and check the zip itself byte by byte.
 */

interface Fake {
  number: string;
  type?: 'buy' | 'sell';
  merchant?: string;
  accountName?: string;
  accountNumber?: string;
  amount?: string;
  rateKrw?: string;
  totalKrw?: string;
  status?: 'Requested' | 'Pending' | 'Completed' | 'Cancelled';
  createdAt?: Date;
  clientName?: string;
  email?: string;
  completedAt?: Date;
  depositReference?: string;
  payoutReference?: string;
}

const joined = (fake: Fake): ExportRow =>
  ({
    transaction: {
      number: fake.number,
      type: fake.type ?? 'buy',
      accountName: fake.accountName ?? 'Main',
      accountNumber: fake.accountNumber ?? '110-123-456789',
      amount: fake.amount ?? '1.25',
      rateKrw: fake.rateKrw ?? '1350.50',
      totalKrw: fake.totalKrw ?? '1688',
      status: fake.status ?? 'Completed',
      createdAt: fake.createdAt ?? new Date('2026-03-01T14:59:59.000Z'),
      completedAt: fake.completedAt ?? null,
      payoutReference: fake.payoutReference ?? null,
    },
    depositReference: fake.depositReference ?? null,
    merchant: { name: fake.merchant ?? 'Sandbox' },
    user: { name: fake.clientName ?? '김고객', email: fake.email ?? 'client@example.com' },
  }) as unknown as ExportRow;

async function* batchesOf(rows: Fake[], size = 2): AsyncGenerator<ExportRow[]> {
  for (let start = 0; start < rows.length; start += size) {
    yield rows.slice(start, start + size).map(joined);
  }
}

const collect = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

const readBack = async (file: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
};

/**
 * Every entry of a zip, checked the way an unzip program does: the end record, the central
 * directory, each local header agreeing with it, the data inflating to the stated size and CRC.
 */
function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThan(0);
  expect(end + 22, 'no trailing bytes').toBe(file.length);
  const count = file.readUInt16LE(end + 10);
  const directorySize = file.readUInt32LE(end + 12);
  let at = file.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    expect(file.readUInt32LE(local), name).toBe(0x04034b50);
    const localName = file.readUInt16LE(local + 26);
    const localExtra = file.readUInt16LE(local + 28);
    expect(file.toString('utf8', local + 30, local + 30 + localName)).toBe(name);
    const start = local + 30 + localName + localExtra;
    const stored = file.subarray(start, start + compressed);
    expect(method, name).toBe(8);
    const data = inflateRawSync(stored);
    expect(data.length, name).toBe(size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    entries.set(name, data.toString('utf8'));
  }
  return entries;
}

/** Characters XML 1.0 does not allow anywhere in a document. */
const ILLEGAL_IN_XML =
  // eslint-disable-next-line no-control-regex
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const HOSTILE = {
  specials: `<b>"Tom" & 'Jerry'</b> ]]> <!-- -->`,
  controls: 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\u007Fh',
  whitespace: 'tab\there\nline',
  emoji: '🙂 Café 👨‍👩‍👧',
  loneSurrogates: `x\uD83Dy\uDE42z`,
  nonCharacters: 'p\uFFFEq\uFFFFr',
  formula: '=HYPERLINK("http://evil.example","click")',
  plus: '+1+1',
  spaces: '  padded  ',
  excelEscape: 'a_x0041_b',
};

describe('xlsx export', () => {
  it('reads back with typed cells, formats, the bold frozen header and the widths', async () => {
    const rows: Fake[] = [
      {
        number: 'TX-1',
        amount: '0.12345678',
        rateKrw: '1350.25',
        totalKrw: '166691',
        createdAt: new Date('2026-03-05T03:00:00.123Z'),
        completedAt: new Date('2026-03-05T04:00:00.000Z'),
        depositReference: 'BANK-REF-1',
      },
      {
        number: 'TX-2',
        type: 'sell',
        status: 'Cancelled',
        amount: '1234567.5',
        rateKrw: '1',
        totalKrw: '99999999999',
        createdAt: new Date('2026-02-28T15:00:00.000Z'),
        merchant: '한국 머천트',
        accountName: '주 계정',
      },
      { number: 'TX-3', totalKrw: '0', amount: '0.00000001' },
    ];
    const file = await collect(xlsxExport(batchesOf(rows), 'ko', true));
    const workbook = await readBack(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['거래 내역']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...[
        '번호',
        '유형',
        '머천트',
        '계정',
        '수량',
        '환율',
        '합계(원)',
        '상태',
        '일시(KST)',
        '고객',
        '완료 일시(KST)',
        '입금 참조번호',
        '지급 참조번호',
      ],
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([
      12, 8, 22, 32, 16, 12, 16, 12, 20, 36, 20, 20, 20,
    ]);
    expect(sheet.actualRowCount).toBe(4);

    const [first, second, third] = [2, 3, 4].map((r) => sheet.getRow(r));
    expect(first!.getCell(1).value).toBe('TX-1');
    expect(first!.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first!.getCell(2).value).toBe('구매');
    expect(first!.getCell(5).value).toBe(0.12345678);
    expect(first!.getCell(5).numFmt).toBe('#,##0.00######');
    expect(first!.getCell(6).value).toBe(1350.25);
    expect(first!.getCell(6).numFmt).toBe('#,##0.00');
    expect(first!.getCell(7).value).toBe(166691);
    expect(first!.getCell(7).numFmt).toBe('#,##0');
    expect(first!.getCell(8).value).toBe('완료');
    expect(first!.getCell(9).type).toBe(ExcelJS.ValueType.Date);
    expect(first!.getCell(9).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // Korean wall-clock time, to the millisecond.
    expect((first!.getCell(9).value as Date).toISOString()).toBe('2026-03-05T12:00:00.123Z');
    expect(first!.getCell(10).value).toBe('김고객 (client@example.com)');
    expect(first!.getCell(11).type).toBe(ExcelJS.ValueType.Date);
    expect((first!.getCell(11).value as Date).toISOString()).toBe('2026-03-05T13:00:00.000Z');
    expect(first!.getCell(12).value).toBe('BANK-REF-1');

    expect(second!.getCell(2).value).toBe('판매');
    expect(second!.getCell(3).value).toBe('한국 머천트');
    expect(second!.getCell(4).value).toBe('주 계정 (110-123-456789)');
    expect(second!.getCell(5).value).toBe(1234567.5);
    expect(second!.getCell(7).value).toBe(99999999999);
    expect(second!.getCell(8).value).toBe('취소됨');
    // Not completed: no completion date; a sell has no deposit reference.
    expect(second!.getCell(11).value).toBeNull();
    expect(second!.getCell(12).value).toBeNull();
    expect((second!.getCell(9).value as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(third!.getCell(5).value).toBe(0.00000001);
    expect(third!.getCell(7).value).toBe(0);
  });

  it('writes English words and no client column for a person’s own export', async () => {
    const file = await collect(xlsxExport(batchesOf([{ number: 'TX-1' }]), 'en', false));
    const sheet = (await readBack(file)).worksheets[0]!;
    expect(sheet.name).toBe('Transactions');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...['No.', 'Type', 'Merchant', 'Account', 'Amount', 'Rate', 'Total (KRW)', 'Status'],
      ...['Date (KST)', 'Completed (KST)', 'Deposit reference', 'Payout reference'],
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('Buy');
    expect(sheet.getRow(2).getCell(10).value).toBeNull();
  });

  it('keeps hostile text as text: escaped, illegal characters dropped, never a formula', async () => {
    const rows: Fake[] = Object.entries(HOSTILE).map(([label, text]) => ({
      number: label,
      merchant: text,
      accountName: text,
      clientName: text,
      email: '=cmd|" /C calc"!A0',
    }));
    const file = await collect(xlsxExport(batchesOf(rows, 3), 'en', true));
    const parts = unzip(file);
    for (const [name, xml] of parts) expect(ILLEGAL_IN_XML.test(xml), name).toBe(false);
    const sheetXml = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toContain('a_x005F_x0041_b'); // so Excel shows _x0041_, not A
    expect(sheetXml).toContain('<t xml:space="preserve">  padded  </t>');

    const sheet = (await readBack(file)).worksheets[0]!;
    const expected: Record<keyof typeof HOSTILE, string> = {
      specials: HOSTILE.specials,
      controls: 'abcdefgh',
      whitespace: HOSTILE.whitespace,
      emoji: HOSTILE.emoji,
      loneSurrogates: 'x\uFFFDy\uFFFDz',
      nonCharacters: 'pqr',
      // Text cells are strings, not formulas: no apostrophe is needed (nor added, as before).
      formula: HOSTILE.formula,
      plus: HOSTILE.plus,
      spaces: HOSTILE.spaces,
      excelEscape: 'a_x005F_x0041_b', // exceljs does not read Excel's escapes; Excel does
    };
    Object.entries(expected).forEach(([label, text], index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(label);
      for (const column of [3, 10]) {
        expect(row.getCell(column).type, `${label} ${column}`).toBe(ExcelJS.ValueType.String);
      }
      expect(row.getCell(3).value, label).toBe(text);
      expect(row.getCell(4).value, label).toBe(`${text} (110-123-456789)`);
      expect(row.getCell(10).value, label).toBe(`${text} (=cmd|" /C calc"!A0)`);
    });
  });

  it('escapes text for XML: specials, carriage returns, pairs kept, lone halves replaced', () => {
    expect(xmlText('plain 한글')).toBe('plain 한글');
    expect(xmlText('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    expect(xmlText('a\r\nb\tc')).toBe('a&#13;\nb\tc');
    expect(xmlText('\u0000\u0007\u001F\uFFFE\uFFFF')).toBe('');
    expect(xmlText('🙂\uD83D\uDE42\uDE42\uD83D')).toBe('🙂🙂\uFFFD\uFFFD');
    expect(xmlText('_x00e9_ and _x12_')).toBe('_x005F_x00e9_ and _x12_');
  });

  it('an empty export is a valid file with the header row only', async () => {
    const file = await collect(xlsxExport(batchesOf([]), 'ko', false));
    const parts = unzip(file);
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = (await readBack(file)).worksheets[0]!;
    expect(sheet.actualRowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe('번호');
  });

  it('is a valid zip of many rows, in order, across batches', async () => {
    const rows: Fake[] = Array.from({ length: 3_000 }, (_, index) => ({
      number: `TX-${index}`,
      totalKrw: String(index * 1000),
    }));
    const file = await collect(xlsxExport(batchesOf(rows, 500), 'en', false));
    unzip(file);
    const sheet = (await readBack(file)).worksheets[0]!;
    expect(sheet.actualRowCount).toBe(3_001);
    expect(sheet.getRow(3_001).getCell(1).value).toBe('TX-2999');
    expect(sheet.getRow(3_001).getCell(7).value).toBe(2_999_000);
  });

  it('reads the next batch only when the reader has taken the last, and stops when it leaves', async () => {
    let read = 0;
    let finished = false;
    const text = 'x'.repeat(200);
    async function* endless(): AsyncGenerator<string[][]> {
      try {
        for (;;) {
          read += 1;
          // Random text, so that a batch stays large after compression.
          yield Array.from({ length: 500 }, () => [`${Math.random()}${text}${Math.random()}`]);
        }
      } finally {
        finished = true;
      }
    }
    const columns = [{ header: 'Text', width: 10, type: 'text' as const }];
    const output = xlsxStream('Sheet', columns, endless());
    // Nobody reads: the writer must stop asking for rows once the buffers are full. Compression
    // runs on libuv's threads, so on a busy machine filling them takes longer than a few ticks:
    // wait until no batch has been read for 50 ticks (at most 5 s), then check where it stopped.
    const settleBy = Date.now() + 5_000;
    for (let quiet = 0, seen = read; quiet < 50 && Date.now() < settleBy;) {
      await delay(1);
      quiet = read === seen ? quiet + 1 : 0;
      seen = read;
    }
    const unread = read;
    // What fills before it stops is the streams' buffers: Node 22 and later buffer four times
    // what Node 20 did (64 KiB instead of 16 KiB by default), so the bound scales with them.
    expect(unread).toBeLessThan((10 * getDefaultHighWaterMark(false)) / 16_384);
    for (let i = 0; i < 50; i += 1) await tick();
    expect(read).toBe(unread);

    // A slow reader takes some, then goes away (the client disconnects).
    let taken = 0;
    await expect(
      pipeline(
        output,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            taken += chunk.length;
            if (taken > 200_000) done(new Error('client went away'));
            else setTimeout(done, 1);
          },
        }),
      ),
    ).rejects.toThrow('client went away');
    for (let i = 0; i < 50 && !finished; i += 1) await tick();
    expect(finished).toBe(true);
    expect(output.destroyed).toBe(true);
  });

  it('passes on a failure of the rows as a failed stream', async () => {
    async function* failing(): AsyncGenerator<ExportRow[]> {
      yield [joined({ number: 'TX-1' })];
      throw new Error('database went away');
    }
    await expect(collect(xlsxExport(failing(), 'en', false))).rejects.toThrow('database went away');
  });
});
