import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositorNameKey, nameKeySql } from '@server/db/name-key';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '../helpers';

/**
 * The name key exists three times by necessity (db/name-key.ts): in JavaScript, as the SQL the
 * lookups run, and as the index users_name_key_idx that the migrations made. These three must
 * agree on every name, or a deposit's lookup would miss its request (or skip the index).
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app?.close());

/** Names as deposits and sign-ups bring them: Hangul (composed and decomposed), Latin, the name
 * spaces, and the characters the key must keep (U+3000, zero-width, full-width letters). */
const nameCharacter = fc.constantFrom(
  '홍',
  '길',
  '동',
  '김',
  '민',
  '준',
  'K',
  'i',
  'm',
  '-',
  '.',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00A0',
  '\u3000',
  '\u200B',
  '\uFEFF',
  'Ｋ',
  '\u1112\u1169\u11BC', // 홍 decomposed (NFD)
  '\u1100\u1175\u11AF', // 길 decomposed
);
const names = fc.array(
  fc.array(nameCharacter, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')),
  { minLength: 1, maxLength: 200 },
);

/**
 * The keys SQL computes, as hex of their UTF-8 bytes: compared as bytes, because the embedded
 * database's driver drops a byte order mark (U+FEFF) at the start of a text it reads back.
 */
async function sqlKeys(values: string[], expression: (column: SQL) => SQL) {
  const result = await app.db.execute<{ key: string }>(
    sql`select encode(convert_to(${expression(sql.raw('x.name'))}, 'UTF8'), 'hex') as key
          from unnest(${sql.param(values)}::text[]) with ordinality as x(name, n) order by x.n`,
  );
  return result.rows.map((row) => row.key);
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** The expression of users_name_key_idx as the database keeps it (from the migrations). */
async function indexExpression(): Promise<string> {
  const result = await app.db.execute<{ definition: string }>(
    sql`select pg_get_indexdef('users_name_key_idx'::regclass) as definition`,
  );
  const definition = result.rows[0]!.definition;
  const expression = /USING btree \((.*)\)$/s.exec(definition)?.[1];
  if (!expression) throw new Error(`unexpected index definition: ${definition}`);
  return expression;
}

describe('the deposit name key', () => {
  it('is the same in JavaScript, in the lookups and in the index, for generated names', async () => {
    const indexed = (await indexExpression()).replaceAll(/\bname\b/g, 'x.name');
    await fc.assert(
      fc.asyncProperty(names, async (values) => {
        const javascript = values.map((value) => hex(depositorNameKey(value)));
        expect(await sqlKeys(values, (column) => nameKeySql(column))).toEqual(javascript);
        expect(await sqlKeys(values, () => sql.raw(indexed))).toEqual(javascript);
      }),
      { numRuns: 25 },
    );
  });

  it('removes the name spaces and keeps everything else', () => {
    expect(depositorNameKey(' 홍\t길\u00A0동\r\n')).toBe('홍길동');
    expect(depositorNameKey('\u1112\u1169\u11BC길동')).toBe('홍길동');
    expect(depositorNameKey('홍\u3000길동')).toBe('홍\u3000길동');
    expect(depositorNameKey('홍\u200B길동')).toBe('홍\u200B길동');
  });
});
