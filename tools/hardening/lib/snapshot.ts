import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What both drivers (node-postgres's Client, PGlite) offer for a plain query. */
export interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

export interface Snapshot {
  /** Per table: row count and an md5 over every row's text, so any change of content shows. */
  tables: Record<string, { rows: number; md5: string | null }>;
  ledgerSum: string;
  ledgerEntries: number;
  transactions: number;
  /** Where the next transaction number continues from: a restore must not reuse numbers. */
  transactionNumber: string;
}

/** A fingerprint of everything in the public schema, to compare a restore with the original. */
export async function snapshotDatabase(db: Queryable): Promise<Snapshot> {
  const names = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const tables: Snapshot['tables'] = {};
  for (const { name } of names.rows) {
    const result = await db.query<{ rows: string; md5: string | null }>(
      `select count(*)::text as rows, md5(string_agg(t::text, '|' order by t::text)) as md5
         from public."${name}" t`,
    );
    tables[name] = { rows: Number(result.rows[0]!.rows), md5: result.rows[0]!.md5 };
  }
  const ledger = await db.query<{ sum: string }>(
    `select trim_scale(coalesce(sum(amount), 0))::text as sum from ledger_postings`,
  );
  const sequence = await db.query<{ last: string }>(
    `select last_value::text as last from transaction_number_seq`,
  );
  return {
    tables,
    ledgerSum: ledger.rows[0]!.sum,
    ledgerEntries: tables.ledger_entries?.rows ?? 0,
    transactions: tables.transactions?.rows ?? 0,
    transactionNumber: sequence.rows[0]!.last,
  };
}

/** sha256 of every file under `dir`, by relative path. */
export async function hashFiles(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        hashes[relative(dir, path)] = createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
      }
    }
  };
  await walk(dir);
  return hashes;
}

/** Tables whose content differs between two snapshots. */
export function differences(a: Snapshot, b: Snapshot): string[] {
  const names = new Set([...Object.keys(a.tables), ...Object.keys(b.tables)]);
  const changed = [...names].filter(
    (name) => JSON.stringify(a.tables[name]) !== JSON.stringify(b.tables[name]),
  );
  if (a.transactionNumber !== b.transactionNumber) changed.push('transaction_number_seq');
  return changed.sort();
}
