/**
 * Text in EUC-KR (CP949) bytes, as Korean banks and Korean Excel save CSV files. Node has no
 * encoder for it, only the WHATWG decoder the server reads with; the table here is that
 * decoder run backwards over every two-byte code, so a test file is real CP949 without taking
 * the server's word for it: a character with no code throws.
 */
let table: Map<string, Buffer> | undefined;

function codes(): Map<string, Buffer> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('euc-kr', { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x41; trail <= 0xfe; trail += 1) {
      const bytes = Buffer.from([lead, trail]);
      try {
        const char = decoder.decode(bytes);
        if (char.length === 1 && !table.has(char)) table.set(char, bytes);
      } catch {
        // not a character in CP949
      }
    }
  }
  return table;
}

export function encodeEucKr(text: string): Buffer {
  const parts: Buffer[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) parts.push(Buffer.from(char, 'latin1'));
    else {
      const bytes = codes().get(char);
      if (!bytes) throw new Error(`no EUC-KR code for ${char}`);
      parts.push(bytes);
    }
  }
  return Buffer.concat(parts);
}
