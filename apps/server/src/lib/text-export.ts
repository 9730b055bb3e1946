import { Readable } from 'node:stream';
import { create as createDisposition } from 'content-disposition';

/**
 * What every CSV download of the portal writes the same way (transaction lists, the audit
 * trail, reconciliation): fields quoted as RFC 4180 has them, CRLF lines, a byte order mark so
 * Excel reads Korean right, text that a spreadsheet could take for a formula neutralised, and the
 * file's name in the reader's language.
 */

/**
 * A text cell a spreadsheet could take for a formula (=, +, -, @, tab, carriage return) gets a
 * leading apostrophe: names and references are typed by people (CSV injection).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The first line of a CSV download: the byte order mark and the header row. */
export function csvHead(headers: readonly string[]): string {
  return `\uFEFF${csvLine(headers)}`;
}

/**
 * A CSV download streamed from batches of rows (a queue's export, every page): the head, then
 * each batch's rows as lines, without holding the whole export in memory.
 */
export function csvStream<Row>(
  headers: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  line: (row: Row) => readonly string[],
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvHead(headers);
    for await (const batch of batches) yield batch.map((row) => csvLine(line(row))).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * Content-Disposition for a download (RFC 6266): a Korean name travels as
 * `filename*=UTF-8''…` (RFC 5987/8187), which browsers prefer, with the English name as the
 * plain `filename` for a client that reads only that.
 */
export function downloadDisposition(name: string, englishName: string): string {
  return createDisposition(name, { fallback: name === englishName ? false : englishName });
}
