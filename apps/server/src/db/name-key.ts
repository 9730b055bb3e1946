import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The name key deposits are pre-selected by: a name in NFC with none of the name spaces below.
 * One definition for the three places that compute it: the JavaScript key (deposit matching),
 * the SQL expression the candidate lookups use, and the index users_name_key_idx (schema
 * identity.ts), which must be that same expression for the lookups to use it. A test evaluates
 * the index's own expression on generated names and compares it with the JavaScript key.
 *
 * The name spaces, deliberately few (modules/deposits/matching.ts says why each is in and why
 * U+3000 and zero-width characters are not): space, tab, line feed, carriage return, no-break
 * space.
 */
export const NAME_SPACES = [' ', '\t', '\n', '\r', '\u00A0'] as const;

/** A regular-expression class of the name spaces. */
export const NAME_SPACE_CLASS = `[${NAME_SPACES.map(regexEscape).join('')}]`;

const NAME_SPACE_RUN = new RegExp(`${NAME_SPACE_CLASS}+`, 'g');

/** The key of a name, in JavaScript. */
export function depositorNameKey(name: string): string {
  return name.normalize('NFC').replace(NAME_SPACE_RUN, '');
}

/** The name spaces as a PostgreSQL escape-string literal: E' \t\n\r\u00a0'. */
const NAME_SPACES_LITERAL = `E'${NAME_SPACES.map(sqlEscape).join('')}'`;

/** The key of a name column, in SQL; inline text only, so an index can be made of it. */
export function nameKeySql(column: AnyColumn | SQLWrapper): SQL {
  return sql`translate(normalize(${column}, NFC), ${sql.raw(NAME_SPACES_LITERAL)}, '')`;
}

function regexEscape(character: string): string {
  return character === ' ' ? ' ' : `\\u${hex(character)}`;
}

function sqlEscape(character: string): string {
  switch (character) {
    case ' ':
      return ' ';
    case '\t':
      return '\\t';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    default:
      return `\\u${hex(character).toLowerCase()}`;
  }
}

function hex(character: string): string {
  return character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}
