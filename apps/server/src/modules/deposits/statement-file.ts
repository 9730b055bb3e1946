import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import type { STATEMENT_FORMATS } from '@portal/contract/statement-import';
import { AppError } from '@server/lib/errors';

/**
 * A bank statement file as rows of cell texts, whatever it was saved as (docs/decisions/019):
 * CSV in UTF-8 (a byte order mark or not) or in EUC-KR/CP949, as Korean banks' internet banking
 * and Korean Excel save it, or an Excel workbook (.xlsx, its first sheet). The file's content
 * decides, never its name: a zip is a workbook, text is CSV.
 *
 * Refused with a stable code and nothing read: an old binary .xls, a web page saved as .xls
 * (some banks' "Excel" download), any other binary, text in neither encoding.
 */

export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export interface StatementRow {
  /** Where the row is in the file: its spreadsheet row, or the CSV line it starts on. */
  line: number;
  cells: string[];
}

export interface StatementTable {
  format: StatementFormat;
  rows: StatementRow[];
}

/** What a workbook may unpack to: a 5 MB statement is far below; a zip bomb is far above. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const unreadable = (message: string, cause?: unknown) =>
  new AppError('STATEMENT_UNREADABLE', message, { cause });

export async function readStatementTable(bytes: Buffer): Promise<StatementTable> {
  if (bytes.subarray(0, 4).equals(ZIP)) return { format: 'xlsx', rows: await workbookRows(bytes) };
  if (bytes.subarray(0, 8).equals(OLE2)) {
    throw unreadable('This is an old Excel .xls file. Save it as .xlsx or CSV and send that.');
  }
  const decoded = decodeText(bytes);
  if (/^\s*</.test(decoded.text)) {
    throw unreadable(
      'This is a web page saved with a spreadsheet name. Open it in Excel and save it as .xlsx or CSV.',
    );
  }
  return { format: decoded.format, rows: csvRows(decoded.text) };
}

/**
 * UTF-8 when the bytes are valid UTF-8, else CP949: the Korean Windows encoding, EUC-KR with
 * every Hangul syllable (똠 is 0x8C63 in CP949 and has no EUC-KR code). Node's own "euc-kr"
 * decoder reads EUC-KR only and, fatal or not, silently turns 0x8C63 into "c", so a name would
 * change without a word: iconv-lite reads CP949 whole and marks what it cannot read with U+FFFD,
 * which CP949 cannot encode, so one in the text means the file is in neither encoding.
 */
function decodeText(bytes: Buffer): { format: StatementFormat; text: string } {
  // Text files have no NUL; UTF-16 and binaries do.
  if (bytes.includes(0)) throw unreadable('This file is not text. Send a CSV or .xlsx file.');
  try {
    return { format: 'csv-utf8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Korean is never valid UTF-8 in CP949 bytes, so a failure above means the other encoding.
  }
  const text = iconv.decode(bytes, 'cp949');
  if (text.includes('\uFFFD')) throw unreadable('The text is neither UTF-8 nor CP949 (EUC-KR).');
  return { format: 'csv-cp949', text };
}

function csvRows(text: string): StatementRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 10_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new AppError('STATEMENT_INVALID', undefined, { cause: error });
  }
  // info.lines is the line a record ends on; a quoted cell may span lines, so count back.
  return records.map(({ record, info }) => ({
    line: info.lines - newlinesIn(record),
    cells: record,
  }));
}

function newlinesIn(record: string[]): number {
  return record.reduce((sum, cell) => sum + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
}

async function workbookRows(bytes: Buffer): Promise<StatementRow[]> {
  let unpacked = 0;
  try {
    // Reads the sizes the zip declares, unpacking nothing, before exceljs unpacks it all.
    unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw unreadable('The workbook is damaged: it is not a readable .xlsx file.', error);
  }
  if (unpacked > MAX_UNPACKED_BYTES) throw unreadable('The workbook is too large once unpacked.');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw unreadable('The workbook is damaged: it is not a readable .xlsx file.', error);
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return [];
  const rows: StatementRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    rows.push({ line: rowNumber, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A cell as the text a person sees. Dates: Excel keeps wall-clock time without a zone, which
 * exceljs hands over as a Date whose UTC fields are that wall clock; a cell formatted as a time
 * of day only is the time, one formatted as a date only the date (never midnight).
 */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value, cell.numFmt ?? '');
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) {
    const result = value.result;
    if (result instanceof Date) return dateText(result, cell.numFmt ?? '');
    if (typeof result === 'number') return numberText(result);
    return typeof result === 'string' || typeof result === 'boolean' ? String(result) : '';
  }
  return '';
}

function dateText(value: Date, numFmt: string): string {
  if (Number.isNaN(value.getTime())) return '';
  const date = `${value.getUTCFullYear()}-${two(value.getUTCMonth() + 1)}-${two(value.getUTCDate())}`;
  const time = `${two(value.getUTCHours())}:${two(value.getUTCMinutes())}:${two(value.getUTCSeconds())}`;
  // Format codes without their quoted text and [colour]/[locale] parts.
  const format = numFmt.toLowerCase().replace(/"[^"]*"|\[[^\]]*\]/g, '');
  const hasTime = /[hs]/.test(format) || time !== '00:00:00';
  // Excel counts times of day from 1899-12-30.
  const hasDate = /[yd]/.test(format) || value.getUTCFullYear() > 1900;
  if (hasDate && hasTime) return `${date} ${time}`;
  return hasTime ? time : date;
}

/**
 * A number cell as digits. Excel keeps numbers as binary floating point: a whole number past
 * 2^53 is not exact any more, so it is written in a form the won reader refuses rather than as
 * digits that are not the ones typed; a fraction is written out, for the reader to refuse as won.
 */
function numberText(value: number): string {
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return value.toExponential();
  return String(value);
}
