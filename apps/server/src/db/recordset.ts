import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows sent as one jsonb parameter and read back as a table, `alias(columns)`: how a batch
 * (deposits, moves) is looked up or written in one statement whatever its size, with the
 * values bound as a parameter, never spliced into the text. `alias` and `columns` are the
 * caller's own SQL, never user input.
 */
export function jsonRecordset(rows: readonly object[], alias: string, columns: string): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${sql.raw(columns)})`;
}
