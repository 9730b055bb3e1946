/**
 * Korean phone numbers as people type them, read into one stored form (docs/decisions/014).
 * Zod-free, like decimal.ts: a plain function the schema in auth.ts and the tests call.
 *
 * Taken: mobile numbers (010, and the older 011, 016, 017, 018 and 019 some people still
 * carry), Seoul (02), the other area codes and internet phones (070), each complete. Dashes or
 * spaces may separate the groups where Koreans write them, or be left out; "+82" may stand for
 * the leading 0. Stored as the groups joined by dashes: "010-1234-5678", "02-123-4567".
 */

/** Group lengths of a number, by its prefix and its count of digits. */
const LAYOUTS: ReadonlyArray<{ prefix: RegExp; groups: readonly (readonly number[])[] }> = [
  { prefix: /^010/, groups: [[3, 4, 4]] },
  {
    prefix: /^01[16789]/,
    groups: [
      [3, 3, 4],
      [3, 4, 4],
    ],
  },
  {
    prefix: /^02/,
    groups: [
      [2, 3, 4],
      [2, 4, 4],
    ],
  },
  {
    // The area codes of the provinces and metropolitan cities, and 070 for internet phones.
    prefix: /^0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4]|70)/,
    groups: [
      [3, 3, 4],
      [3, 4, 4],
    ],
  },
];

/** Digits in runs, each run separated by spaces or one dash (with spaces around it or not). */
const TYPED_NUMBER = /^\d+(?:(?:\s*-\s*|\s+)\d+)*$/;
const COUNTRY_CODE = /^\+82(?:\s*-\s*|\s*)/;

/** The number in its stored form ("010-1234-5678"), or null when it is not a whole Korean number. */
export function readKoreanPhone(text: string): string | null {
  let typed = text.trim();
  if (typed.startsWith('+')) {
    const country = COUNTRY_CODE.exec(typed);
    // After +82 the national number goes without its leading 0: +82 10-1234-5678.
    if (!country || !/^[1-9]/.test(typed.slice(country[0].length))) return null;
    typed = `0${typed.slice(country[0].length)}`;
  }
  if (!TYPED_NUMBER.test(typed)) return null;
  const runs = typed.split(/\s*-\s*|\s+/).map((run) => run.length);
  const digits = typed.replace(/\D/g, '');
  const layout = LAYOUTS.find((candidate) => candidate.prefix.test(digits));
  const groups = layout?.groups.find(
    (lengths) => lengths.reduce((sum, length) => sum + length, 0) === digits.length,
  );
  if (!groups || !separatesAtGroups(runs, groups)) return null;
  let at = 0;
  return groups
    .map((length) => {
      const group = digits.slice(at, at + length);
      at += length;
      return group;
    })
    .join('-');
}

/** Whether every separator the person typed falls between two groups ("010-12345678" does). */
function separatesAtGroups(runs: readonly number[], groups: readonly number[]): boolean {
  const boundaries = new Set<number>();
  let end = 0;
  for (const length of groups) boundaries.add((end += length));
  let typed = 0;
  return runs.every((length) => boundaries.has((typed += length)));
}
