import fc from 'fast-check';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@server/db/client';
import * as schema from '@server/db/schema';
import { containsAny } from '@server/lib/text-search';
import { listDeposits } from '@server/modules/deposits/queue';
import { listUsers } from '@server/modules/users/list';
import { depth } from '../depth';
import { openTestDatabase, TEST_DATABASE_URL } from '../helpers';

/**
 * Searches run on trigram indexes (migration 0019, docs/decisions/029). Two things must hold on
 * both databases: the index finds exactly the rows the plain LIKE over every row finds, and each
 * list's search really reads its trigram indexes.
 */

/** One connection, its queries recorded: a transaction on it sees its own rows, and is undone. */
interface Session {
  db: Database;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  recorded: { query: string; params: unknown[] }[];
  close(): Promise<void>;
}

async function openSession(): Promise<Session> {
  const recorded: Session['recorded'] = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => recorded.push({ query, params }),
  };
  if (TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    return {
      db: drizzleNodePg({ client, schema, logger }) as unknown as Database,
      query: async <Row>(text: string, params: unknown[] = []) =>
        (await client.query(text, params)).rows as Row[],
      recorded,
      close: () => client.end(),
    };
  }
  const handle: DatabaseHandle = await openTestDatabase();
  if (handle.connection.driver !== 'pglite') throw new Error('expected the embedded database');
  const client = handle.connection.client;
  return {
    db: drizzlePglite({ client, schema, logger }) as unknown as Database,
    query: async <Row>(text: string, params: unknown[] = []) =>
      (await client.query<Row>(text, params)).rows,
    recorded,
    close: () => handle.close(),
  };
}

let session: Session;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => session?.close());

/** A table of the test's own, indexed as migration 0019 indexes the searched columns. */
const searchRows = pgTable('search_rows', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
});

/** The predicate before trigram indexes, as lib/text-search.ts wrote it. */
function plainLike(q: string, columns: readonly AnyColumn[], phone: AnyColumn): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    ...columns.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`),
    digits.length >= 3
      ? sql`regexp_replace(${phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  )!;
}

const character = fc.constantFrom(
  ...['김', '이', '박', '민', '준', '수', 'a', 'B', 'c', 'X', 'y', '0', '1', '7', '9'],
  ...['%', '_', '\\', '-', ' ', '.', '@'],
);
const word = (max: number) =>
  fc.array(character, { minLength: 0, maxLength: max }).map((chars) => chars.join(''));
const phoneNumber = fc
  .tuple(
    fc.constantFrom('010', '011', '+82 10', '02'),
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom('-', ' ', '.', ''),
  )
  .map(([head, a, b, gap]) =>
    [head, String(a).padStart(4, '0'), String(b).padStart(4, '0')].join(gap),
  );
const rowArb = fc.record({ name: word(12), phone: phoneNumber });
/** 1 to 5 characters: of the alphabet, cut from a row's name, or a phone as people type it. */
const queryOf = (rows: { name: string; phone: string }[]) =>
  fc.oneof(
    fc.array(character, { minLength: 1, maxLength: 5 }).map((chars) => chars.join('')),
    fc
      .tuple(fc.constantFrom(...rows), fc.nat(12), fc.integer({ min: 1, max: 5 }))
      .map(([row, start, length]) => row.name.slice(start, start + length)),
    fc
      .tuple(fc.constantFrom(...rows), fc.nat(12), fc.integer({ min: 3, max: 8 }))
      .map(([row, start, length]) => {
        const cut = row.phone.slice(start % row.phone.length, (start % row.phone.length) + length);
        return start % 2 === 0 ? cut : cut.replace(/\D/g, '');
      }),
  );

describe('the trigram path finds what plain LIKE finds', () => {
  it('on every generated set of rows and query (Korean, Latin, digits, % _ \\, phones)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(rowArb, { minLength: 1, maxLength: 60 })
          .chain((rows) =>
            fc.tuple(fc.constant(rows), fc.array(queryOf(rows), { minLength: 1, maxLength: 12 })),
          ),
        async ([rows, queries]) => {
          await session.query('begin');
          try {
            await session.query(
              'create temp table search_rows (id int primary key, name text not null, phone text not null) on commit drop',
            );
            await session.query('create index on search_rows using gin (lower(name) gin_trgm_ops)');
            await session.query(
              `create index on search_rows using gin (regexp_replace(phone, '[^0-9]', '', 'g') gin_trgm_ops)`,
            );
            await session.query(
              'insert into search_rows select i, n, p from unnest($1::text[], $2::text[]) with ordinality as r(n, p, i)',
              [rows.map((row) => row.name), rows.map((row) => row.phone)],
            );
            for (const q of queries.filter((query) => query.trim() !== '')) {
              const found = async (where: SQL, settings: string[]) => {
                for (const setting of settings) await session.query(`set local ${setting}`);
                const result = await session.db
                  .select({ id: searchRows.id })
                  .from(searchRows)
                  .where(where)
                  .orderBy(searchRows.id);
                return result.map((row) => row.id);
              };
              const indexed = await found(containsAny(q, [searchRows.name], searchRows.phone), [
                'enable_seqscan = off',
                'enable_bitmapscan = on',
              ]);
              const plain = await found(plainLike(q, [searchRows.name], searchRows.phone), [
                'enable_seqscan = on',
                'enable_bitmapscan = off',
              ]);
              expect(indexed, JSON.stringify(q)).toEqual(plain);
              // And the plain LIKE itself: contains, ignoring case, its own % _ \ taken literally.
              const expected = rows.flatMap((row, index) =>
                row.name.toLowerCase().includes(q.toLowerCase()) ||
                (q.replace(/\D/g, '').length >= 3 &&
                  row.phone.replace(/\D/g, '').includes(q.replace(/\D/g, '')))
                  ? [index + 1]
                  : [],
              );
              expect(plain, JSON.stringify(q)).toEqual(expected);
            }
          } finally {
            await session.query('rollback');
          }
        },
      ),
      { numRuns: depth(60, 10), endOnFailure: true },
    );
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function trigramIndexesOf(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Bitmap Index Scan' && node['Index Name']?.endsWith('_trgm_idx')
      ? [node['Index Name']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(trigramIndexesOf)];
}

describe('the operator lists read their trigram indexes', () => {
  beforeAll(async () => {
    // Rows enough for the planner to prefer the indexes, in a transaction undone at the end
    // (other test files share the PostgreSQL test database).
    await session.query('begin');
    const tag = `trgm${Date.now()}`;
    const [agency] = await session.query<{ id: string }>(
      `insert into agencies (code, name) values ($1, 'Trigram Agency') returning id`,
      [tag.toUpperCase()],
    );
    await session.query(
      `insert into users (email, name, phone, password_hash, role, agency_id)
       select $1 || '-' || i || '@trigram.example', '검색' || substr(md5('name' || i), 1, 10),
              '010-' || lpad((i * 7919 % 10000)::text, 4, '0') || '-' || lpad((i * 6007 % 10000)::text, 4, '0'),
              'x', 'client', case when i % 5 = 0 then $2::uuid end
         from generate_series(1, 6000) i`,
      [tag, agency!.id],
    );
    await session.query(
      `insert into deposits (bank_reference, depositor_name, amount_krw, received_at, source, status, review_reason)
       select 'TDEP-' || lpad(i::text, 8, '0'), '입금' || lpad(i::text, 5, '0'), 1000 + i, now(), 'webhook', 'review', 'no_match'
         from generate_series(1, 2000) i`,
    );
    for (const table of ['users', 'deposits']) {
      await session.query(`analyze ${table}`);
    }
    // A few thousand rows still read fastest whole; without sequential scans the planner shows
    // the path it takes at the bench's scale (docs/BENCHMARKS.md "Search with trigram indexes").
    await session.query('set local enable_seqscan = off');
  });
  afterAll(() => session.query('rollback'));

  /** User `i`'s phone, digits only, as people type it. */
  const phoneOf = (i: number) => `010${String((i * 7919) % 10000).padStart(4, '0')}`;

  async function trigramIndexesRead(run: () => Promise<unknown>): Promise<string[]> {
    session.recorded.length = 0;
    await run();
    // The count reads every match, so it is the statement that must find them by index; the
    // page is then one of them in the list's order (the plans: docs/BENCHMARKS.md).
    const statements = session.recorded.filter(({ query }) => query.startsWith('select count('));
    expect(statements.length).toBeGreaterThan(0);
    const read: string[] = [];
    for (const { query, params } of statements) {
      const [row] = await session.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        `explain (format json) ${query}`,
        params,
      );
      const plan = row!['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
      read.push(...trigramIndexesOf(parsed[0].Plan));
    }
    return read;
  }

  it("the operator's users list: name, email, phone and the phone's digits", async () => {
    const read = await trigramIndexesRead(() =>
      listUsers(session.db, { q: phoneOf(15), page: 1, pageSize: 20 }),
    );
    expect(read).toEqual(
      expect.arrayContaining([
        'users_name_trgm_idx',
        'users_email_trgm_idx',
        'users_phone_trgm_idx',
        'users_phone_digits_trgm_idx',
      ]),
    );
  });

  it("the deposit queue: the depositor's name and the bank reference", async () => {
    const read = await trigramIndexesRead(() =>
      listDeposits(session.db, { q: 'TDEP-0000012', sort: 'newest', page: 1, pageSize: 20 }),
    );
    expect(read).toEqual(
      expect.arrayContaining([
        'deposits_depositor_name_trgm_idx',
        'deposits_bank_reference_trgm_idx',
      ]),
    );
  });
});
