import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern (with `escape '\'`) that finds `text` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * SQL: any of `columns` contains `text`, ignoring case, as typed (no wildcards); a phone column
 * also matches the search's digits alone ("01012345678" finds "010-1234-5678").
 */
export function containsAny(
  text: string,
  columns: readonly (AnyColumn | SQL)[],
  phoneColumn?: AnyColumn,
): SQL {
  const pattern = containsPattern(text.toLowerCase());
  const conditions = columns.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`);
  const digits = text.replace(/\D/g, '');
  if (phoneColumn && digits.length >= 3) {
    conditions.push(sql`regexp_replace(${phoneColumn}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...conditions) ?? sql`false`;
}

/** A won amount as people type it: 1,000,000 or 1000000, optionally with 원 or KRW. */
const WON = /^(\d{1,3}(,\d{3})+|\d{1,15})\s*(원|krw)?$/i;

/** The won a search names when it is an amount typed whole ("1,234,000", "1234000원"), as digits. */
export function typedWon(text: string): string | undefined {
  return WON.exec(text.trim())?.[1]?.replaceAll(',', '');
}
