import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern (with `escape '\'`) that finds `text` anywhere, its own %, _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * SQL: any of `columns` contains `text`, ignoring case, as typed (no wildcards); a phone column
 * also matches the search's digits alone ("01012345678" finds "010-1234-5678").
 *
 * Each condition is written exactly as the trigram index on its column is (migration 0019,
 * docs/decisions/029): `lower(column) like`, and the phone's digits as `regexp_replace(phone,
 * '[^0-9]', '', 'g')`. A search of 3 characters or more then reads only the rows holding its
 * trigrams; a shorter one has no trigram to look up, and the lists keep it bounded by their
 * owner's ordered index instead (docs/decisions/029 "Short searches").
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

/**
 * SQL: `column` is one of the ids `subquery` selects. Under a search's OR, `in (subquery)` would
 * be a filter run on every row the other conditions leave; `= any(array(subquery))` runs the
 * subquery once and gives its ids to an index, so the OR stays one BitmapOr of index scans
 * (docs/decisions/029).
 */
export function inSelected(column: AnyColumn, subquery: SQL): SQL {
  return sql`${column} = any(array(${subquery}))`;
}

/** A won amount as people type it: 1,000,000 or 1000000, optionally with 원 or KRW. */
const WON = /^(\d{1,3}(,\d{3})+|\d{1,15})\s*(원|krw)?$/i;

/** The won a search names when it is an amount typed whole ("1,234,000", "1234000원"), as digits. */
export function typedWon(text: string): string | undefined {
  return WON.exec(text.trim())?.[1]?.replaceAll(',', '');
}
