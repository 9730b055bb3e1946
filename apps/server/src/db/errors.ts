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
