import { PassThrough, type Readable, type Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

/**
 * A one-sheet .xlsx written straight into a streaming zip: the fixed parts (content
 * types, relationships, workbook, styles) are constant text, and the sheet is its header row
 * followed by one XML template per row, compressed batch by batch as the rows arrive. exceljs did
 * the same through its generic cell model and a style lookup per cell, which took 6 s and 100 MB
 * of garbage for 100,000 rows (docs/BENCHMARKS.md, "Excel"); here nothing but the text of one
 * batch is alive at a time. Past 300 lines because the workbook's fixed parts are written out in
 * full here, as the file format has them.
 */

export interface XlsxColumn {
  header: string;
  /** In characters, as Excel counts them. */
  width: number;
  /** text: an inline string; number: a number; date: a Date whose UTC fields are the wall time. */
  type: 'text' | 'number' | 'date';
  numFmt?: string;
}

export type XlsxValue = string | number | Date;

/** The deflate level of the sheet: measured on 105,000 rows (decision 009). */
const LEVEL = 1;

/** Number formats Excel has built in, by the id it knows them by; the rest get ids from 164. */
const BUILT_IN_FORMATS: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4 };

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * What a text needs before it goes between tags: the XML specials, carriage returns (which XML
 * would read as line feeds), characters XML 1.0 does not allow (control characters, DEL as
 * exceljs dropped it, U+FFFE/U+FFFF, halves of surrogate pairs alone) and Excel's own escape
 * _xHHHH_, which Excel would otherwise read as the character HHHH.
 */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>\r\0-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const WORK =
  // eslint-disable-next-line no-control-regex
  /[&<>\r]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

function replacement(match: string): string {
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '\r':
      return '&#13;';
    case '_':
      return '_x005F_';
    default: {
      if (match.length === 2) return match; // a whole surrogate pair: an emoji, say
      const code = match.charCodeAt(0);
      return code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : '';
    }
  }
}

/** Text as the content of an element (or of a double-quoted attribute, after xmlAttribute). */
export function xmlText(text: string): string {
  return NEEDS_WORK.test(text) ? text.replace(WORK, replacement) : text;
}

function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** A, B, …, Z, AA, …: the letters of a column, counted from 0. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** A text cell: an inline string, its spaces at either end kept. */
function textCell(ref: string, style: string, text: string): string {
  const open = /^\s|\s$/.test(text) ? '<t xml:space="preserve">' : '<t>';
  return `<c r="${ref}"${style} t="inlineStr"><is>${open}${xmlText(text)}</t></is></c>`;
}

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel (1900 date system) serial number
const DAY_MS = 24 * 60 * 60 * 1000;

/** The parts of the package that do not depend on the rows. */
function fixedParts(sheetName: string, columns: readonly XlsxColumn[]) {
  const formats: string[] = [];
  const formatIds = new Map<string, number>();
  for (const column of columns) {
    const code = column.numFmt;
    if (code === undefined || formatIds.has(code)) continue;
    const builtIn = BUILT_IN_FORMATS[code];
    const id = builtIn ?? 164 + formats.length;
    if (builtIn === undefined)
      formats.push(`<numFmt numFmtId="${id}" formatCode="${xmlAttribute(code)}"/>`);
    formatIds.set(code, id);
  }
  // Cell formats: 0 the default, 1 the bold header, then one per number format in use.
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    ...[...formatIds.values()].map(
      (id) =>
        `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    ),
  ];
  const styleOf = new Map([...formatIds.keys()].map((code, index) => [code, index + 2]));
  const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
  const styles =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (formats.length ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
    `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';

  const parts: Array<[string, string]> = [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        '<bookViews><workbookView/></bookViews>' +
        `<sheets><sheet name="${xmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    ['xl/styles.xml', styles],
  ];

  const letters = columns.map((_, index) => columnLetters(index));
  /** Each column's style attribute: its number format, if it has one. */
  const cellStyles = columns.map((column) =>
    column.numFmt === undefined ? '' : ` s="${styleOf.get(column.numFmt)}"`,
  );
  const cols = columns
    .map((column, index) => {
      const n = index + 1;
      const style = cellStyles[index] ? ` style="${styleOf.get(column.numFmt!)}"` : '';
      return `<col min="${n}" max="${n}" width="${column.width}"${style} customWidth="1"/>`;
    })
    .join('');
  const headerRow =
    '<row r="1" s="1" customFormat="1">' +
    columns
      .map((column, index) => textCell(`${letters[index]}1`, ' s="1"', column.header))
      .join('') +
    '</row>';
  const sheetHead =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    // The header row stays in view (frozen) while the rows scroll.
    '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${headerRow}`;
  const sheetTail =
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
  return { parts, letters, cellStyles, sheetHead, sheetTail };
}

/**
 * A zip entry deflated by Node's zlib, off the main thread, and framed by fflate's Zip (which
 * takes any ZipInputFile): the rows' text is built while the previous batch is compressed.
 */
class ZlibZipEntry implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate: DeflateRaw;

  constructor(
    readonly filename: string,
    level: number,
    onError: (error: Error) => void,
  ) {
    this.deflate = createDeflateRaw({ level });
    this.deflate.on('error', (error) => onError(error));
    this.deflate.on('data', (chunk: Buffer<ArrayBuffer>) => this.ondata?.(null, chunk, false));
    this.deflate.on('end', () => this.ondata?.(null, new Uint8Array(0), true));
  }

  /** Resolves once zlib has room for more (false: it failed or was closed). */
  push(chunk: Buffer, final = false): Promise<boolean> {
    this.size += chunk.length;
    this.crc = crc32(chunk, this.crc);
    const room = this.deflate.write(chunk);
    if (final) this.deflate.end();
    return room || final ? Promise.resolve(true) : drained(this.deflate);
  }

  destroy(error?: Error) {
    this.deflate.destroy(error);
  }
}

/** Resolves true once the stream wants more, false if it was closed (the client went away). */
function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return Promise.resolve(false);
  if (!stream.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (more: boolean) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      resolve(more);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

/**
 * The .xlsx of one sheet: a header row (bold, frozen) and then the rows, batch by batch, each
 * value typed as its column says. The next batch is asked for only once the reader has taken the
 * last one; if the reader goes away, the rows stop being read (the source's return() runs).
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<ReadonlyArray<readonly XlsxValue[]>>,
): Readable {
  const output = new PassThrough();
  const { parts, letters, cellStyles, sheetHead, sheetTail } = fixedParts(sheetName, columns);
  const types = columns.map((column) => column.type);
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    if (output.destroyed) return;
    output.write(chunk);
    if (final) output.end();
  });
  for (const [name, text] of parts) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(Buffer.from(text), true);
  }
  const sheet = new ZlibZipEntry('xl/worksheets/sheet1.xml', LEVEL, (error) =>
    output.destroy(error),
  );
  zip.add(sheet);
  output.on('close', () => sheet.destroy());

  const rowXml = (values: readonly XlsxValue[], r: number): string => {
    let xml = `<row r="${r}">`;
    for (let index = 0; index < types.length; index += 1) {
      const value = values[index];
      const ref = `${letters[index]}${r}`;
      switch (types[index]) {
        case 'text':
          xml += textCell(ref, cellStyles[index]!, String(value ?? ''));
          break;
        case 'number': {
          const number = typeof value === 'number' ? value : Number(value);
          if (Number.isFinite(number))
            xml += `<c r="${ref}"${cellStyles[index]}><v>${number}</v></c>`;
          break;
        }
        case 'date': {
          const time = value instanceof Date ? value.getTime() : NaN;
          if (Number.isFinite(time)) {
            xml += `<c r="${ref}"${cellStyles[index]}><v>${EXCEL_EPOCH_DAYS + time / DAY_MS}</v></c>`;
          }
          break;
        }
      }
    }
    return `${xml}</row>`;
  };

  const write = async () => {
    await sheet.push(Buffer.from(sheetHead));
    let r = 1;
    for await (const batch of batches) {
      if (output.destroyed) return;
      let xml = '';
      for (const values of batch) {
        r += 1;
        xml += rowXml(values, r);
      }
      // Let zlib and the reader catch up before reading the next batch; stop if the reader went
      // away (leaving the loop ends the source too).
      if (!(await sheet.push(Buffer.from(xml))) || !(await drained(output))) return;
    }
    await sheet.push(Buffer.from(sheetTail), true);
    zip.end();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
