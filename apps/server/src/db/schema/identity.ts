import { AGENCY_STATUSES } from '@portal/contract/agencies';
import { MAIL_LANGUAGES } from '@portal/contract/auth';
import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import { USER_ROLES, USER_STATUSES } from '@portal/contract/users';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { nameKeySql } from '../name-key';

/**
 * Authorised Korean partner agencies. Clients join one with its code at sign-up. A disabled
 * agency's users cannot sign in, its code takes no new clients and its bank account takes no new
 * buys (docs/decisions/022).
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The Partner Agency Bank Account its clients pay buy requests into (all three, or none). */
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    bankAccountHolder: text('bank_account_holder'),
    status: text('status', { enum: AGENCY_STATUSES }).notNull().default('active'),
    /** When it was last disabled; null while active. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('agencies_status_known', sql`${table.status} in ('active', 'disabled')`),
    check(
      'agencies_disabled_has_time',
      sql`(${table.status} = 'disabled') = (${table.disabledAt} is not null)`,
    ),
  ],
);

/**
 * People who sign in. `agency_id` is the agency a client registered under, or an agency user's
 * own agency. Email is stored lower-cased; `name` is NFC and must be the bank account holder's
 * name, because deposits are matched by it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('client'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    agencyId: uuid('agency_id').references(() => agencies.id),
    /**
     * When the email was confirmed from its link, or null: money actions wait for it, and a
     * changed email is unconfirmed again (docs/decisions/027).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language mail not asked for from a page is written in: the page's, last seen. */
    mailLanguage: text('mail_language', { enum: MAIL_LANGUAGES }).notNull().default('ko'),
    /** Whether transaction completed / cancelled mails are sent (security mails always are). */
    transactionMails: boolean('transaction_mails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_mail_language_known', sql`${table.mailLanguage} in ('en', 'ko')`),
    check('users_role_known', sql`${table.role} in ('client', 'agency', 'operator')`),
    check('users_status_known', sql`${table.status} in ('active', 'disabled')`),
    check(
      'users_agency_has_agency',
      sql`${table.role} <> 'agency' or ${table.agencyId} is not null`,
    ),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
    index('users_agency_idx').on(table.agencyId),
    // Deposit matching finds a depositor's requests by their name key (db/name-key.ts).
    index('users_name_key_idx').on(nameKeySql(table.name)),
  ],
);

/**
 * Signed-in sessions. The cookie carries a random token; only its SHA-256 is stored, so a copy
 * of this table cannot be used to sign in. Expiry is both idle (`last_seen_at`) and absolute.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * When this session last proved a second factor (sign-in with two-factor, or turning it on),
     * or null: what a step-up asks to be recent (docs/SECURITY.md "Two-factor sign-in").
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Password reset links (docs/SECURITY.md "Password reset by email"): only the SHA-256 of the
 * token is kept, each link works once (`used_at`), until `expires_at`; asking again replaces
 * the user's earlier links.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('password_resets_user_idx').on(table.userId),
    check('password_resets_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * Fixed-window counters for throttling (sign-in per account and per IP, ...). In PostgreSQL so
 * that every server instance counts the same attempts.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * The audit trail (docs/decisions/020): security events and every money and settings action,
 * with who acted, on whom or what (`object_type`/`object_id`), from where, and before -> after in
 * `details`. Append-only and tamper-evident: the database refuses UPDATE, DELETE and TRUNCATE,
 * and each row carries `seq` (1, 2, 3 ... with no gap) and the hash of its content chained to the
 * previous row's hash, set by a trigger under one lock (migration 0011), so an edited, removed or
 * inserted row breaks the chain (`verifyAuditChain`). The user columns are plain ids, not
 * foreign keys: deleting a user must not rewrite the trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set by the chain trigger on insert, like `prev_hash` and `hash`; the defaults only let an insert leave them out. */
    seq: bigint('seq', { mode: 'number' }).notNull().unique().default(0),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    subjectUserId: uuid('subject_user_id'),
    ip: text('ip'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    details: jsonb('details').notNull().default({}),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull().default(''),
  },
  (table) => [
    index('audit_events_occurred_idx').on(table.occurredAt),
    index('audit_events_action_idx').on(table.action, table.occurredAt),
    // The operator's filter by user matches either column.
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt),
    index('audit_events_subject_idx').on(table.subjectUserId, table.occurredAt),
    // The filter by object compares the reference in any case.
    index('audit_events_object_idx').on(
      table.objectType,
      sql`lower(${table.objectId})`,
      table.occurredAt,
    ),
  ],
);

/**
 * Identity documents, one current document per user and kind. A new upload replaces a submitted
 * or rejected one (and its file is deleted); an approved document can be neither replaced nor
 * deleted by the user. Decisions are kept in the audit log.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    uniqueIndex('kyc_documents_current_idx').on(table.userId, table.kind),
    index('kyc_documents_status_idx').on(table.status, table.uploadedAt),
    check(
      'kyc_documents_kind_known',
      sql`${table.kind} in ('id_front', 'id_back', 'selfie', 'bank_book')`,
    ),
    check(
      'kyc_documents_status_known',
      sql`${table.status} in ('submitted', 'approved', 'rejected')`,
    ),
    check(
      'kyc_documents_rejection_has_reason',
      sql`${table.status} <> 'rejected' or ${table.rejectionReason} is not null`,
    ),
  ],
);

/**
 * After identity is verified, the name deposits are matched by is the verified legal name: a
 * change is a request with a new identity document that an operator approves, never a free edit
 * (docs/decisions/010). At most one open request per user.
 */
export const nameChangeRequests = pgTable(
  'name_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentName: text('current_name').notNull(),
    requestedName: text('requested_name').notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    /** The new identity document (same storage as kyc_documents). */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    uniqueIndex('name_change_requests_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'submitted'`),
    index('name_change_requests_status_idx').on(table.status, table.createdAt),
    check(
      'name_change_requests_status_known',
      sql`${table.status} in ('submitted', 'approved', 'rejected')`,
    ),
  ],
);
