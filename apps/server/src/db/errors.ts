/** PostgreSQL's SQLSTATEs the app acts on. */
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const DEADLOCK_DETECTED = '40P01';

/**
 * The error reporting a SQLSTATE, in a thrown error or one it wraps (Drizzle wraps driver errors
 * in `cause`). Both drivers set `code` and `constraint` as PostgreSQL reports them.
 */
function reporting(error: unknown, code: string): { constraint?: unknown } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ((current as { code?: unknown }).code === code) return current as { constraint?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a database error is a unique constraint violation, optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const reported = reporting(error, UNIQUE_VIOLATION);
  return reported !== undefined && (constraint === undefined || reported.constraint === constraint);
}

/** Whether a database error is a check constraint violation of the named constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  return reporting(error, CHECK_VIOLATION)?.constraint === constraint;
}

/** Whether a database error is PostgreSQL's deadlock_detected (the transaction was rolled back). */
export function isDeadlock(error: unknown): boolean {
  return reporting(error, DEADLOCK_DETECTED) !== undefined;
}

/** The errors a thrown one wraps, itself first (Drizzle's `DrizzleQueryError` wraps the driver's). */
function chain(error: unknown): object[] {
  const errors: object[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') break;
    errors.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return errors;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
// Class 08 (connection exception), 57P01-57P03 (the server shutting down or starting up),
// 53300 (too many connections): the database cannot serve now, and may in a moment.
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
// The socket to the server failed (node-postgres raises these with the system's code).
const UNAVAILABLE_SYSCALLS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres and PGlite say so only in words.
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

/**
 * Whether an error means the database cannot be reached now (refused or lost connection, the
 * server shutting down, too many connections, the pool's wait for a connection timing out): the
 * API answers 503 with Retry-After rather than 500 (docs/SECURITY.md "Database errors").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((current) => {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SYSCALLS.has(code))
    )
      return true;
    return typeof message === 'string' && UNAVAILABLE_WORDS.test(message);
  });
}

/** What the log may keep of a database error: never the values of the query. */
export interface DatabaseErrorSummary {
  [key: string]: unknown;
  type: string;
  /** Says only that the database refused, and with which code. */
  message: string;
  /** SQLSTATE, or the system's code of a failed connection. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The statement's kind and first table ("insert into deposits"), not its text. */
  statement?: string;
  /** The stack's frames, without the message that heads it. */
  stack: string;
}

/** The statement's kind and the first table it names, from Drizzle's SQL text (placeholders only). */
function statementName(query: string): string | undefined {
  const kind = /^\s*(select|insert into|update|delete from|with)\b/i.exec(query)?.[1];
  if (!kind) return undefined;
  const table = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query)?.[1];
  return table ? `${kind.toLowerCase()} ${table}` : kind.toLowerCase();
}

/**
 * A database error as the log may show it, or undefined when the error is not one. Drizzle's
 * message quotes the query's parameters (session-id hashes, names, bank references, stored
 * response bodies) and the driver's message and detail quote values too ("Key (email)=(…)
 * already exists", "invalid input syntax for type uuid: …"): the log keeps the codes, the
 * names of the constraint, table and column, the statement's kind and table, and the stack
 * without its message.
 */
export function databaseErrorSummary(error: unknown): DatabaseErrorSummary | undefined {
  const errors = chain(error);
  const query = errors.find(
    (current) => typeof (current as { query?: unknown }).query === 'string' && 'params' in current,
  ) as { query: string } | undefined;
  const driver = errors.find((current) => {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    return (
      typeof code === 'string' &&
      (SQLSTATE.test(code) ? severity !== undefined : UNAVAILABLE_SYSCALLS.has(code))
    );
  }) as { code: string; constraint?: unknown; table?: unknown; column?: unknown } | undefined;
  if (!query && !driver) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const stack = (error as { stack?: unknown }).stack;
  return {
    type: (error as { constructor?: { name?: string } }).constructor?.name ?? 'Error',
    message: `database error${driver ? ` ${driver.code}` : ''}`,
    code: driver?.code,
    constraint: text(driver?.constraint),
    table: text(driver?.table),
    column: text(driver?.column),
    statement: query ? statementName(query.query) : undefined,
    stack:
      typeof stack === 'string'
        ? stack
            .split('\n')
            .filter((line) => line.startsWith('    at '))
            .join('\n')
        : '',
  };
}
