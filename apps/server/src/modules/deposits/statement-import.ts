import { MAX_DEPOSITS_PER_DELIVERY, type DepositNotification } from '@portal/contract/transactions';
import {
  outcomeKey,
  type StatementLine,
  type StatementOutcome,
  type StatementPreviewed,
  type StatementReport,
  statementCounts,
} from '@portal/contract/statement-import';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { jsonRecordset } from '@server/db/recordset';
import { deposits, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { normaliseDepositorName, sameReceivingAccount } from './matching';
import { countDepositOutcomes, type DepositMetrics } from './outcome-metrics';
import { recordDeposits, saysOtherwise, type DepositRow, type RecordedDeposit } from './service';
import type { ReadLine, ReadStatement } from './statement';

/**
 * The statement import's two steps over one path (docs/decisions/019). Both record the file's
 * deposits with `recordDeposits` (service.ts), the same function and the same matching as the
 * bank's notifications and manual entry, in one database transaction:
 *
 * - the preview rolls that transaction back: it shows exactly what the import would do, from
 *   the code that does it, and writes nothing;
 * - the import commits it only if every line does what its preview showed. A line the preview
 *   showed as a new deposit that is now already recorded (the bank's notification came between
 *   the two steps) counts once: it is not recorded again and is marked `meanwhile`. Any other
 *   difference rolls everything back: 409 STATEMENT_CHANGED, nothing written.
 */

/** Thrown inside the transaction to undo it and hand its result out. */
class RolledBack extends Error {
  constructor(
    readonly lines: StatementLine[],
    readonly changed: number[],
  ) {
    super('rolled back');
  }
}

export async function previewStatement(
  db: Database,
  statement: ReadStatement,
  operatorId: string,
): Promise<StatementReport> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack((await recordStatement(tx, statement, operatorId)).lines, []);
    });
  } catch (error) {
    if (error instanceof RolledBack) return report(statement, error.lines, false);
    throw error;
  }
  throw new Error('unreachable: the preview always rolls back');
}

export async function importStatement(
  db: Database,
  statement: ReadStatement,
  shown: StatementPreviewed,
  operator: { userId: string; ip: string },
  metrics: DepositMetrics,
): Promise<StatementReport> {
  if (
    shown.fingerprint !== statement.fingerprint ||
    shown.outcomes.length !== statement.lines.length
  ) {
    throw new AppError('STATEMENT_NOT_PREVIEWED');
  }
  try {
    const { lines, recorded } = await db.transaction(async (tx) => {
      const { lines: done, recorded: written } = await recordStatement(
        tx,
        statement,
        operator.userId,
      );
      const changed: number[] = [];
      const compared = done.map((line, index) => {
        const expected = shown.outcomes[index];
        if (expected === outcomeKey(line)) return line;
        if (line.outcome.kind === 'recorded' && expectedNewDeposit(expected, line.line)) {
          return { ...line, meanwhile: true };
        }
        changed.push(line.line);
        return line;
      });
      if (changed.length > 0) throw new RolledBack(compared, changed);
      await recordAuditEvent(tx, {
        action: 'statement_imported',
        actorUserId: operator.userId,
        ip: operator.ip,
        object: { type: 'statement', id: statement.fingerprint },
        details: {
          format: statement.format,
          receivingAccount: statement.receivingAccount,
          ...statementCounts(compared),
        },
      });
      return { lines: compared, recorded: written };
    });
    countDepositOutcomes(metrics, 'statement', recorded);
    return report(statement, lines, true);
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    const listed = error.changed.slice(0, 20).join(', ');
    throw new AppError(
      'STATEMENT_CHANGED',
      `Line ${listed}${error.changed.length > 20 ? ', ...' : ''} would now do something else than the preview showed, so nothing was imported. Preview the file again.`,
    );
  }
}

/** Whether a preview's outcome was a new deposit (settle, review or refund due) of this line. */
function expectedNewDeposit(expected: string | undefined, line: number): boolean {
  const prefix = `${line}:`;
  return (
    expected !== undefined &&
    expected.startsWith(prefix) &&
    /^(?:settle|review|refund_due):/.test(expected.slice(prefix.length))
  );
}

function report(
  statement: ReadStatement,
  lines: StatementLine[],
  imported: boolean,
): StatementReport {
  return {
    fingerprint: statement.fingerprint,
    format: statement.format,
    receivingAccount: statement.receivingAccount,
    lines,
    imported,
  };
}

/**
 * Records the statement's deposits in the caller's transaction and says what each line did.
 * Deposits are recorded in the file's order, in batches of the webhook's size (one statement
 * inserts a batch), each batch seeing what the ones before it did.
 */
async function recordStatement(
  tx: Database,
  statement: ReadStatement,
  operatorId: string,
): Promise<{ lines: StatementLine[]; recorded: RecordedDeposit[] }> {
  const sameDeposit = await recordedElsewhere(tx, statement.lines);
  const conflicting = await conflictingLines(tx, statement.lines);
  const toRecord = statement.lines.filter(
    (line): line is ReadLine & { deposit: DepositNotification } =>
      line.deposit !== undefined && !sameDeposit.has(line.line) && !conflicting.has(line.line),
  );
  const recorded = new Map<number, RecordedDeposit>();
  for (let start = 0; start < toRecord.length; start += MAX_DEPOSITS_PER_DELIVERY) {
    const batch = toRecord.slice(start, start + MAX_DEPOSITS_PER_DELIVERY);
    const results = await recordDeposits(
      tx,
      batch.map((line) => line.deposit),
      'statement',
      operatorId,
    );
    results.forEach((result, index) => recorded.set(batch[index]!.line, result));
  }
  const numbers = await transactionNumbers(
    tx,
    [...recorded.values()].map((r) => r.deposit),
  );
  const lines = statement.lines.map((line): StatementLine => {
    const same = sameDeposit.get(line.line);
    const result = recorded.get(line.line);
    const outcome: StatementOutcome =
      line.outcome ??
      (conflicting.has(line.line)
        ? {
            kind: 'error',
            problems: [
              {
                column: 'bankReference',
                message: 'depositReferenceConflict',
                value: line.bankReference ?? '',
              },
            ],
          }
        : same
          ? alreadyRecorded(same)
          : result!.duplicate
            ? alreadyRecorded(result!.deposit)
            : newDeposit(result!.deposit, numbers));
    return {
      line: line.line,
      receivedAt: line.receivedAt,
      depositorName: line.depositorName,
      amountKrw: line.amountKrw,
      bankReference: line.bankReference,
      referenceMade: line.referenceMade,
      outcome,
      meanwhile: false,
    };
  });
  return { lines, recorded: [...recorded.values()] };
}

function alreadyRecorded(deposit: DepositRow): StatementOutcome {
  return {
    kind: 'recorded',
    bankReference: deposit.bankReference,
    source: deposit.source,
    status: deposit.status,
  };
}

function newDeposit(deposit: DepositRow, numbers: Map<string, string>): StatementOutcome {
  const ref = (id: string) => ({ id, number: numbers.get(id) ?? '' });
  if (deposit.status === 'settled' && deposit.matchedTransactionId) {
    return { kind: 'settle', transaction: ref(deposit.matchedTransactionId) };
  }
  const related = deposit.relatedTransactionIds.map(ref);
  if (deposit.status === 'refund_due' && deposit.refundReason) {
    return { kind: 'refund_due', reason: deposit.refundReason, transactions: related };
  }
  return {
    kind: 'review',
    reason: deposit.reviewReason ?? 'no_prior_request',
    transactions: related,
  };
}

async function transactionNumbers(
  tx: Database,
  rows: readonly DepositRow[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.matchedTransactionId ? [row.matchedTransactionId] : []),
        ...row.relatedTransactionIds,
      ]),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: transactions.id, number: transactions.number })
    .from(transactions)
    .where(inArray(transactions.id, ids));
  return new Map(found.map((row) => [row.id, row.number]));
}

/**
 * Lines whose deposit is already recorded under another reference: a line with a reference the
 * portal made (the file had none) is the deposit the bank's notification reported when a
 * deposit with the same amount and depositor name (as matching compares names), into the same
 * account when both say, was received within the same second, or the same minute when the file
 * gives no seconds. Each recorded deposit stands for one line at most, the one with its exact
 * reference first: two identical transfers in one minute are two deposits.
 */
/**
 * The lines whose own bank reference (one the file carries) is recorded already with another
 * name, amount or time: a conflict, shown as the line's error and never recorded, as the webhook
 * answers it 409 (docs/SECURITY.md "Deposit reference conflicts").
 */
async function conflictingLines(tx: Database, lines: readonly ReadLine[]): Promise<Set<number>> {
  const given = lines.filter(
    (line): line is ReadLine & { deposit: DepositNotification } =>
      line.deposit !== undefined && !line.referenceMade,
  );
  if (given.length === 0) return new Set();
  const rows = await tx
    .select()
    .from(deposits)
    .where(
      inArray(deposits.bankReference, [
        ...new Set(given.map((line) => line.deposit.bankReference)),
      ]),
    );
  const byReference = new Map(rows.map((row) => [row.bankReference, row]));
  return new Set(
    given
      .filter((line) => {
        const row = byReference.get(line.deposit.bankReference);
        return row !== undefined && saysOtherwise(line.deposit, row);
      })
      .map((line) => line.line),
  );
}

async function recordedElsewhere(
  tx: Database,
  lines: readonly ReadLine[],
): Promise<Map<number, DepositRow>> {
  const made = lines.filter(
    (line): line is ReadLine & { deposit: DepositNotification } =>
      line.deposit !== undefined && line.referenceMade,
  );
  if (made.length === 0) return new Map();
  const windows = made.map((line) => {
    const from = new Date(line.deposit.receivedAt);
    return {
      amount: line.deposit.amountKrw,
      from: from.toISOString(),
      to: new Date(from.getTime() + (line.seconds ? 1_000 : 60_000)).toISOString(),
    };
  });
  const near = await tx.execute<{ id: string }>(sql`
    select distinct d.id from deposits d
      join ${jsonRecordset(windows, 'w', 'amount numeric, "from" timestamptz, "to" timestamptz')}
        on d.amount_krw = w.amount and d.received_at >= w."from" and d.received_at < w."to"`);
  if (near.rows.length === 0) return new Map();
  const candidates = await tx
    .select()
    .from(deposits)
    .where(
      inArray(
        deposits.id,
        near.rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(deposits.receivedAt), asc(deposits.id));
  const taken = new Set<string>();
  const found = new Map<number, DepositRow>();
  const fits = (line: (typeof made)[number], row: DepositRow, index: number) =>
    !taken.has(row.id) &&
    row.amountKrw === line.deposit.amountKrw &&
    row.receivedAt >= new Date(windows[index]!.from) &&
    row.receivedAt < new Date(windows[index]!.to) &&
    normaliseDepositorName(row.depositorName) ===
      normaliseDepositorName(line.deposit.depositorName) &&
    sameReceivingAccount(row.receivingAccount, line.deposit.receivingAccount ?? null);
  // Exact references first, so a re-import maps each line back to its own deposit.
  made.forEach((line, index) => {
    const own = candidates.find(
      (row) => row.bankReference === line.deposit.bankReference && fits(line, row, index),
    );
    if (own) {
      taken.add(own.id);
      found.set(line.line, own);
    }
  });
  made.forEach((line, index) => {
    if (found.has(line.line)) return;
    const other = candidates.find((row) => fits(line, row, index));
    if (other) {
      taken.add(other.id);
      found.set(line.line, other);
    }
  });
  return found;
}
