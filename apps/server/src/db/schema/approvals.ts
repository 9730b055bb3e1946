/**
 * Four-eyes (docs/decisions/017): what one person asked and waits for a second operator. The
 * database holds the rules a bug must not get past: the maker is never the checker (a check), a
 * decided approval never changes again and none is deleted, and only an operator decides
 * (triggers in migration 0014).
 */
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@portal/contract/approvals';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, users } from './identity';
import { deposits, transactions } from './money';

const at = (name: string) => timestamp(name, { withTimezone: true });
const quoted = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    /** What was asked, as the maker saw it (approvalActionSchema of the contract). */
    action: jsonb('action').notNull(),
    /** `transaction:<id>`, `deposit:<id>`, `rate:<asset>`, `agency:<id>`, `user:<id>`. */
    subjectKey: text('subject_key').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    depositId: uuid('deposit_id').references(() => deposits.id),
    agencyId: uuid('agency_id').references(() => agencies.id),
    targetUserId: uuid('target_user_id').references(() => users.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    rejectionReason: text('rejection_reason'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
  },
  (table) => [
    check('approvals_kind_known', sql`${table.kind} in (${quoted(APPROVAL_KINDS)})`),
    check('approvals_status_known', sql`${table.status} in (${quoted(APPROVAL_STATUSES)})`),
    check(
      'approvals_maker_is_not_checker',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
    check(
      'approvals_status_consistent',
      sql`(${table.status} in ('pending', 'withdrawn') and ${table.decidedBy} is null)
        or (${table.status} in ('approved', 'rejected') and ${table.decidedBy} is not null and ${table.decidedAt} is not null
          and (${table.status} <> 'rejected' or ${table.rejectionReason} is not null))`,
    ),
    uniqueIndex('approvals_one_pending_per_subject')
      .on(table.subjectKey)
      .where(sql`${table.status} = 'pending'`),
    index('approvals_queue_idx').on(table.status, table.requestedAt),
    index('approvals_transaction_idx').on(table.transactionId),
    index('approvals_deposit_idx').on(table.depositId),
    index('approvals_agency_idx').on(table.agencyId),
  ],
);
