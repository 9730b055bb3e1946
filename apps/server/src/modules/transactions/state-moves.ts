/**
 * The transaction state moves of docs/PRODUCT.md "Transaction states", and nothing else.
 *
 * Pure on purpose: no database, no Fastify, no clock. The database layer calls `planMove` inside
 * the same SQL transaction that locks the row, writes the new status, appends the returned event to
 * the history and carries out the returned effects. Keeping the decision pure means every refusal
 * and every effect can be tested exhaustively without a database, and the one table below is the
 * whole answer to "which moves exist". That is also why it is past 300 lines: the table and its
 * guards are one source of truth and stay whole.
 */

import {
  DEPOSIT_REVIEW_REASONS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type DepositReviewReason,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';

export {
  DEPOSIT_REVIEW_REASONS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type DepositReviewReason,
  type TransactionStatus,
  type TransactionType,
};

export const FINAL_STATUSES: readonly TransactionStatus[] = ['Completed', 'Cancelled'];

/** Completed and Cancelled are final: money has moved or has been released, and must not move again. */
export function isFinal(status: TransactionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** A buy request that sees no deposit stops waiting after this long, unless configured otherwise. */
export const BUY_REQUEST_TTL_HOURS_DEFAULT = 24;

export function buyRequestExpiresAt(
  requestedAt: Date,
  ttlHours: number = BUY_REQUEST_TTL_HOURS_DEFAULT,
): Date {
  return new Date(requestedAt.getTime() + ttlHours * 60 * 60 * 1000);
}

export const ACTOR_KINDS = ['user', 'operator', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** `system` is the automatic deposit matching and the expiry sweep: nobody signed in. */
export type Actor =
  { kind: 'user'; userId: string } | { kind: 'operator'; userId: string } | { kind: 'system' };

export const MOVES = [
  'deposit_matched',
  'operator_match_deposit',
  'deposit_needs_review',
  'operator_complete_buy',
  'operator_cancel_buy',
  'user_cancel',
  'expire',
  'operator_take_sell',
  'operator_complete_sell',
  'operator_cancel_sell',
  'operator_cancel_request',
] as const;
export type MoveName = (typeof MOVES)[number];

export type MoveRequest =
  | { move: 'deposit_matched'; depositId: string }
  | { move: 'deposit_needs_review'; reason: DepositReviewReason }
  | { move: 'operator_match_deposit'; depositId: string; note?: string }
  | { move: 'operator_complete_buy'; depositId: string; note?: string }
  | { move: 'operator_cancel_buy'; reason: string }
  | { move: 'user_cancel'; reason?: string }
  | { move: 'expire' }
  | { move: 'operator_take_sell'; note?: string }
  | { move: 'operator_complete_sell'; payoutReference: string; note?: string }
  | { move: 'operator_cancel_sell'; reason: string }
  | { move: 'operator_cancel_request'; reason: string };

/**
 * What the caller must do in the same database transaction as the status change. Named in the
 * product's words so that the caller's switch reads like docs/PRODUCT.md.
 * - credit_merchant_account: send the bought asset to the user's merchant account.
 * - debit_merchant_account: take the sold asset from the user's merchant account (done before
 *   the move: the move is applied only on the merchant's acknowledgement).
 * - settle_reservation: the amount held for a sell has gone to the merchant; it is no longer held.
 * - release_reservation: the amount held for a sell is free again.
 * - return_to_merchant_account: a sell already debited is cancelled; its asset goes back to the
 *   same merchant account through the credit outbox (docs/decisions/010).
 */
export const EFFECTS = [
  'credit_merchant_account',
  'debit_merchant_account',
  'settle_reservation',
  'release_reservation',
  'return_to_merchant_account',
] as const;
export type Effect = (typeof EFFECTS)[number];

/**
 * - owner: the acting user must be the one who made the request.
 * - reason: a free-text reason (trimmed, 1..500 characters).
 * - review_reason: one of DEPOSIT_REVIEW_REASONS.
 * - payout_reference: the reference of the KRW payout (trimmed, 1..500 characters).
 * - expired: `now` is at or after the request's expiry time.
 * - deposit: the deposit that pays the buy; a buy completes only with one (docs/decisions/010).
 */
export type Requirement =
  'owner' | 'reason' | 'review_reason' | 'payout_reference' | 'expired' | 'deposit';

/** Optional texts a move may carry; anything else on the request is ignored, not recorded. */
export type OptionalText = 'note' | 'reason';

export interface MoveRule {
  readonly type: TransactionType;
  readonly move: MoveName;
  readonly from: TransactionStatus;
  readonly to: TransactionStatus;
  readonly actors: readonly ActorKind[];
  readonly requires: readonly Requirement[];
  readonly optional: readonly OptionalText[];
  readonly effects: readonly Effect[];
}

/**
 * Every allowed move. A (type, move) pair appears at most once, so each move has exactly one
 * starting status: a move that arrives late (a second click, a retried webhook, the expiry sweep
 * after a deposit) finds the transaction elsewhere and is refused instead of applied twice.
 *
 * Sells are debited at the merchant before they are paid out (docs/decisions/010): Take is the
 * debit (Requested -> Pending only on the merchant's acknowledgement, the reservation settled to
 * the merchant), Complete only records the won payout. A Pending sell is therefore already
 * debited, and cancelling it gives the asset back. The operator may cancel a Requested buy or
 * sell with a reason (operator_cancel_request); moves.ts refuses any cancel of a sell whose
 * debit is in flight.
 *
 * Deliberately absent:
 * - Expiry of sells. A sell holds the user's own asset, not a promise of a deposit; it waits for
 *   the operator or for the user's cancel.
 * - deposit_matched refusing expired requests. Whether a deposit came in time depends on when the
 *   deposit arrived, which only the matching code knows; it sends late ones to review with
 *   'request_expired'.
 */
export const MOVE_RULES: readonly MoveRule[] = [
  // Buy
  {
    type: 'buy',
    move: 'deposit_matched',
    from: 'Requested',
    to: 'Completed',
    actors: ['system'],
    requires: ['deposit'],
    optional: [],
    effects: ['credit_merchant_account'],
  },
  {
    type: 'buy',
    move: 'deposit_needs_review',
    from: 'Requested',
    to: 'Pending',
    actors: ['system'],
    requires: ['review_reason'],
    optional: [],
    effects: [],
  },
  {
    type: 'buy',
    move: 'operator_complete_buy',
    from: 'Pending',
    to: 'Completed',
    actors: ['operator'],
    requires: ['deposit'],
    optional: ['note'],
    effects: ['credit_merchant_account'],
  },
  {
    // The operator pays a still Requested buy with a deposit that did not settle it by itself
    // (a near miss that left it open, or one the operator matched from the deposit's screen).
    type: 'buy',
    move: 'operator_match_deposit',
    from: 'Requested',
    to: 'Completed',
    actors: ['operator'],
    requires: ['deposit'],
    optional: ['note'],
    effects: ['credit_merchant_account'],
  },
  {
    type: 'buy',
    move: 'operator_cancel_buy',
    from: 'Pending',
    to: 'Cancelled',
    actors: ['operator'],
    requires: ['reason'],
    optional: [],
    effects: [],
  },
  {
    type: 'buy',
    move: 'operator_cancel_request',
    from: 'Requested',
    to: 'Cancelled',
    actors: ['operator'],
    requires: ['reason'],
    optional: [],
    effects: [],
  },
  {
    type: 'buy',
    move: 'user_cancel',
    from: 'Requested',
    to: 'Cancelled',
    actors: ['user'],
    requires: ['owner'],
    optional: ['reason'],
    effects: [],
  },
  {
    type: 'buy',
    move: 'expire',
    from: 'Requested',
    to: 'Cancelled',
    actors: ['system'],
    requires: ['expired'],
    optional: [],
    effects: [],
  },
  // Sell
  {
    type: 'sell',
    move: 'operator_take_sell',
    from: 'Requested',
    to: 'Pending',
    actors: ['operator'],
    requires: [],
    optional: ['note'],
    effects: ['debit_merchant_account', 'settle_reservation'],
  },
  {
    type: 'sell',
    move: 'operator_complete_sell',
    from: 'Pending',
    to: 'Completed',
    actors: ['operator'],
    requires: ['payout_reference'],
    optional: ['note'],
    effects: [],
  },
  {
    type: 'sell',
    move: 'operator_cancel_sell',
    from: 'Pending',
    to: 'Cancelled',
    actors: ['operator'],
    requires: ['reason'],
    optional: [],
    effects: ['return_to_merchant_account'],
  },
  {
    type: 'sell',
    move: 'operator_cancel_request',
    from: 'Requested',
    to: 'Cancelled',
    actors: ['operator'],
    requires: ['reason'],
    optional: [],
    effects: ['release_reservation'],
  },
  {
    type: 'sell',
    move: 'user_cancel',
    from: 'Requested',
    to: 'Cancelled',
    actors: ['user'],
    requires: ['owner'],
    optional: ['reason'],
    effects: ['release_reservation'],
  },
];

/** Long enough for a bank reference or a sentence of explanation; short enough for a table cell. */
export const MOVE_TEXT_MAX_LENGTH = 500;

export interface TransactionEvent {
  move: MoveName;
  actor: Actor;
  at: Date;
  reason?: string;
  payoutReference?: string;
  /** The deposit that paid a buy. */
  depositId?: string;
  note?: string;
}

export interface MoveSubject {
  type: TransactionType;
  status: TransactionStatus;
  ownerUserId: string;
  expiresAt: Date | null;
}

export type MoveRefusalCode =
  | 'TRANSITION_NOT_ALLOWED'
  | 'FORBIDDEN'
  | 'REASON_REQUIRED'
  | 'PAYOUT_REFERENCE_REQUIRED'
  | 'NOT_EXPIRED'
  | 'TEXT_TOO_LONG';

export type MoveResult =
  | {
      ok: true;
      from: TransactionStatus;
      to: TransactionStatus;
      event: TransactionEvent;
      effects: readonly Effect[];
    }
  | { ok: false; code: MoveRefusalCode; message: string };

type Refusal = Extract<MoveResult, { ok: false }>;

const refuse = (code: MoveRefusalCode, message: string): Refusal => ({ ok: false, code, message });

const MOVE_WORDS: Record<MoveName, string> = {
  deposit_matched: 'complete it with a matching deposit',
  operator_match_deposit: 'complete it with this deposit',
  deposit_needs_review: 'send it to review',
  operator_complete_buy: 'complete it',
  operator_cancel_buy: 'cancel it',
  user_cancel: 'cancel it',
  expire: 'expire it',
  operator_take_sell: 'take it for payout',
  operator_complete_sell: 'complete it',
  operator_cancel_sell: 'cancel it',
  operator_cancel_request: 'cancel it',
};

type TextCheck = { ok: true; value: string | undefined } | { ok: false };

/**
 * Blank counts as absent: a reason of spaces explains nothing, and an optional note of spaces is
 * not worth recording. A non-string is a bug in the caller (the route's schema types the body), so
 * it throws rather than becoming a user-facing refusal.
 * Length counts code points so that a Korean reason is measured the way a person counts it.
 */
function readText(value: unknown, what: string): TextCheck {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  if (typeof value !== 'string') throw new TypeError(`The ${what} must be a string.`);
  const trimmed = value.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if ([...trimmed].length > MOVE_TEXT_MAX_LENGTH) return { ok: false };
  return { ok: true, value: trimmed };
}

const tooLong = (what: string): Refusal =>
  refuse('TEXT_TOO_LONG', `The ${what} must be at most ${MOVE_TEXT_MAX_LENGTH} characters.`);

function field(
  request: MoveRequest,
  name: 'reason' | 'note' | 'payoutReference' | 'depositId',
): unknown {
  return (request as Record<string, unknown>)[name];
}

/**
 * Decides one move. Never throws for a refused move: a refusal is an expected answer (two people
 * clicking at once), and the caller maps the code to its own error.
 *
 * Checks run from "may this actor ever do this" to "is the input complete", so that a user who
 * tries another user's transaction learns nothing about its state.
 */
export function planMove(
  transaction: MoveSubject,
  request: MoveRequest,
  actor: Actor,
  now: Date,
): MoveResult {
  const { type, status } = transaction;
  const rule = MOVE_RULES.find((r) => r.type === type && r.move === request.move);
  if (!rule) {
    return refuse('TRANSITION_NOT_ALLOWED', `A ${type} cannot be moved with "${request.move}".`);
  }
  if (!rule.actors.includes(actor.kind)) {
    return refuse('FORBIDDEN', `You are not allowed to ${MOVE_WORDS[rule.move]}.`);
  }
  if (
    rule.requires.includes('owner') &&
    !(actor.kind === 'user' && actor.userId === transaction.ownerUserId)
  ) {
    return refuse('FORBIDDEN', 'Only the person who made this request can do this.');
  }
  if (isFinal(status)) {
    return refuse(
      'TRANSITION_NOT_ALLOWED',
      `This ${type} is already ${status} and cannot be changed.`,
    );
  }
  if (status !== rule.from) {
    return refuse(
      'TRANSITION_NOT_ALLOWED',
      `A ${status} ${type} cannot be moved this way; only a ${rule.from} one can.`,
    );
  }

  const event: TransactionEvent = { move: rule.move, actor, at: now };

  if (rule.requires.includes('expired')) {
    const { expiresAt } = transaction;
    if (expiresAt === null) return refuse('NOT_EXPIRED', 'This request does not expire.');
    if (now.getTime() < expiresAt.getTime()) {
      return refuse('NOT_EXPIRED', 'This request has not expired yet.');
    }
  }

  if (rule.requires.includes('deposit')) {
    const depositId = field(request, 'depositId');
    if (typeof depositId !== 'string' || depositId === '') {
      return refuse(
        'TRANSITION_NOT_ALLOWED',
        'A buy completes only with the deposit that paid it.',
      );
    }
    event.depositId = depositId;
  }

  if (rule.requires.includes('review_reason')) {
    const reason = field(request, 'reason');
    if (!(DEPOSIT_REVIEW_REASONS as readonly unknown[]).includes(reason)) {
      return refuse('REASON_REQUIRED', 'Say why the deposit needs review.');
    }
    event.reason = reason as DepositReviewReason;
  }

  if (rule.requires.includes('reason') || rule.optional.includes('reason')) {
    const reason = readText(field(request, 'reason'), 'reason');
    if (!reason.ok) return tooLong('reason');
    if (reason.value !== undefined) event.reason = reason.value;
    else if (rule.requires.includes('reason')) {
      return refuse('REASON_REQUIRED', 'A reason is required.');
    }
  }

  if (rule.requires.includes('payout_reference')) {
    const reference = readText(field(request, 'payoutReference'), 'payout reference');
    if (!reference.ok) return tooLong('payout reference');
    if (reference.value === undefined) {
      return refuse('PAYOUT_REFERENCE_REQUIRED', 'The payout reference is required.');
    }
    event.payoutReference = reference.value;
  }

  if (rule.optional.includes('note')) {
    const note = readText(field(request, 'note'), 'note');
    if (!note.ok) return tooLong('note');
    if (note.value !== undefined) event.note = note.value;
  }

  return { ok: true, from: rule.from, to: rule.to, event, effects: rule.effects };
}
