import type { DepositReviewReason, TransactionStatus } from '@portal/contract/transactions';
import { NAME_SPACE_CLASS } from '@server/db/name-key';
/**
 * Automatic deposit matching (docs/PRODUCT.md "Deposit matching").
 *
 * A deposit completes a buy request automatically only when all of these hold:
 *   1. the depositor's name equals the registered user's name after `normaliseDepositorName`
 *      (Unicode NFC, trimming, folding runs of inner spaces to one; nothing looser);
 *   2. the deposit amount equals the requested KRW amount exactly (whole won, decimal strings);
 *   3. the request was made in the portal strictly before the deposit was received;
 *   4. when the bank reports the account the deposit was received on, it is the account the
 *      request showed when it was made (its snapshot), compared by digits (docs/decisions/010);
 * and, for the request to be one that can still be completed, it is status Requested and had not
 * expired when the deposit arrived (`receivedAt < expiresAt`). Exactly one such request settles.
 * Anything else goes to the operator's queue with a reason; when two or more requests fit, none is
 * settled (the portal cannot know which one the person paid for).
 *
 * PURE: no database, no clock, no I/O. The deposit service loads the candidate requests in its
 * transaction and asks `decideDeposit` what to do; webhook, statement import and manual entry all
 * go through this one function. It never throws: malformed input fails closed (goes to review).
 */

export {
  DEPOSIT_REVIEW_REASONS,
  TRANSACTION_STATUSES,
  type DepositReviewReason,
  type TransactionStatus,
} from '@portal/contract/transactions';

export interface IncomingDeposit {
  /** The name the bank reports for the depositor, as received. */
  depositorName: string;
  /** Whole won as a decimal string, e.g. "150000". */
  amountKrw: string;
  receivedAt: Date;
  /** The account the bank says received it, as reported; null when it does not say. */
  receivingAccount?: string | null;
}

export interface CandidateRequest {
  transactionId: string;
  userId: string;
  /** The user's registered name (stored NFC-normalised and trimmed at sign-up). */
  registeredName: string;
  /** Whole won as a decimal string, e.g. "150000". */
  amountKrw: string;
  requestedAt: Date;
  status: TransactionStatus;
  expiresAt: Date;
  /** The partner agency account the request showed for the deposit (its snapshot). */
  depositAccountNumber: string | null;
}

export type DepositDecision =
  | { kind: 'settle'; transactionId: string }
  | { kind: 'review'; reason: DepositReviewReason; relatedTransactionIds: string[] };

/**
 * The characters treated as "spaces" by trimming and folding. Deliberately small:
 *   U+0020 space, U+0009 tab, U+000A line feed, U+000D carriage return — ordinary spaces, and
 *     the line endings a statement file import may leave on a field;
 *   U+00A0 no-break space — what a typed space becomes when a name is copied from a web page or a
 *     spreadsheet cell (operator manual entry, statement exports); it is drawn exactly like a space.
 * Deliberately NOT included:
 *   U+3000 ideographic (full-width) space — it is the full-width form of the space (NFKC folds it to
 *     U+0020 exactly as it folds 'Ｋ' to 'K'); the issue lists a full-width character as a near miss
 *     and docs/PRODUCT.md "Deposit matching" says "nothing looser" than NFC, trimming and folding spaces, so a U+3000 anywhere,
 *     ends included, makes the name differ and the deposit goes to a person;
 *   zero-width characters (U+200B-U+200D, U+2060, U+FEFF) and every other Unicode space — they
 *     are not spaces a person types in a name; they make the name differ.
 * This is why trimming here is not `String.prototype.trim`, which also strips U+3000 and U+FEFF.
 * Sign-up trims registered names with `trim()` (a superset), so a stored name has none of these
 * characters at its ends and trimming it again here changes nothing.
 */
const LEADING_OR_TRAILING_SPACES = new RegExp(`^${NAME_SPACE_CLASS}+|${NAME_SPACE_CLASS}+$`, 'g');
const SPACE_RUN = new RegExp(`${NAME_SPACE_CLASS}+`, 'g');

/**
 * The form names are compared in: Unicode NFC (decomposed Hangul composes to syllables), then the
 * spaces above trimmed from both ends and every inner run of them folded to one U+0020. No case
 * folding, no compatibility (NFKC) folding, no removal of invisible characters.
 */
export function normaliseDepositorName(name: string): string {
  return name.normalize('NFC').replace(LEADING_OR_TRAILING_SPACES, '').replace(SPACE_RUN, ' ');
}

const WHOLE_WON = /^(?:0|[1-9][0-9]*)$/;

/** Whether a KRW amount is a canonical decimal string of whole won (no sign, point or zeros ahead). */
export function isWholeWon(amountKrw: string): boolean {
  return WHOLE_WON.test(amountKrw);
}

/**
 * Exact KRW equality: both canonical whole-won strings and equal as strings (which, for canonical
 * strings, is numeric equality with no size limit and no float anywhere). A malformed amount
 * equals nothing, so it can never settle.
 */
export function sameWon(a: string, b: string): boolean {
  return isWholeWon(a) && isWholeWon(b) && a === b;
}

/** Names equal in normal form; an empty name (nothing but spaces) matches nothing. */
export function sameDepositorName(a: string, b: string): boolean {
  const left = normaliseDepositorName(a);
  return left !== '' && left === normaliseDepositorName(b);
}

/**
 * Whether a deposit reported on `receivingAccount` can pay a request that showed `shown`: the
 * same digits (banks write 110-234-567890 or 110234567890). A deposit whose bank does not say
 * fits any account; a request with no snapshot (made before snapshots were kept) fits any.
 */
export function sameReceivingAccount(
  receivingAccount: string | null | undefined,
  shown: string | null,
): boolean {
  if (!receivingAccount || !shown) return true;
  const digits = (text: string) => text.replace(/\D/g, '');
  return digits(receivingAccount) !== '' && digits(receivingAccount) === digits(shown);
}

/** `a < b` for dates; false when either is an invalid Date, so bad timestamps never settle. */
function before(a: Date, b: Date): boolean {
  return a.getTime() < b.getTime();
}

/**
 * Decides what to do with one deposit given the buy requests it might be for.
 *
 * Exactly one fitting candidate settles; two or more fitting candidates go to review as
 * `multiple_candidates` (all of them listed). When none fits, the first of these that applies is
 * the reason, most specific first — "specific" meaning the candidates that come closest to fitting:
 *   1. `no_prior_request` — an open (Requested) request has the same name and amount but was made
 *      at or after the deposit arrived: docs/PRODUCT.md "Deposit matching"'s own third condition, and the request is
 *      still open, so the operator can complete it by hand.
 *   2. `request_expired` — a request with the same name and amount, Requested or Cancelled, had
 *      expired by the time the deposit arrived (`expiresAt <= receivedAt`; expiry cancels buys).
 *   3. `amount_differs` — an open request has the same name and a different amount. Placed before
 *      name_differs because the name is the stronger sign of whose money it is: many people ask
 *      for round amounts like 100000 won, few share a name.
 *   4. `name_differs` — an open request has the same amount and a different name.
 *   5. `no_prior_request` — nothing open is related: no request at all for this deposit. Any
 *      Pending or Completed request with the same name and amount (a possible second payment) or
 *      a request the user cancelled is still listed for the operator.
 * Before all of these, when no request fits only because the deposit came in on another account
 * than the one it showed, the reason is `receiving_account_differs`: the money is probably
 * someone else's, or reached the wrong agency.
 * Only open (Requested) requests count for 3 and 4: Completed and Cancelled are final and a Pending
 * request already has a deposit waiting for a person.
 */
export function decideDeposit(
  deposit: IncomingDeposit,
  candidates: readonly CandidateRequest[],
): DepositDecision {
  const depositName = normaliseDepositorName(deposit.depositorName);
  const received = deposit.receivedAt;

  const fitting: string[] = [];
  const requestedAfter: string[] = [];
  const expired: string[] = [];
  const amountDiffers: string[] = [];
  const nameDiffers: string[] = [];
  const otherSameNameAndAmount: string[] = [];
  const otherAccount: string[] = [];

  for (const candidate of candidates) {
    const nameMatches =
      depositName !== '' && normaliseDepositorName(candidate.registeredName) === depositName;
    const amountMatches = sameWon(candidate.amountKrw, deposit.amountKrw);
    const open = candidate.status === 'Requested';
    const live = before(received, candidate.expiresAt);
    const prior = before(candidate.requestedAt, received);

    if (nameMatches && amountMatches) {
      if (open && prior && live) {
        if (sameReceivingAccount(deposit.receivingAccount, candidate.depositAccountNumber)) {
          fitting.push(candidate.transactionId);
        } else otherAccount.push(candidate.transactionId);
      } else if (open && !prior) requestedAfter.push(candidate.transactionId);
      else if ((open || candidate.status === 'Cancelled') && !live)
        expired.push(candidate.transactionId);
      else otherSameNameAndAmount.push(candidate.transactionId);
    } else if (open && nameMatches) {
      amountDiffers.push(candidate.transactionId);
    } else if (open && amountMatches) {
      nameDiffers.push(candidate.transactionId);
    }
  }

  const [only, ...more] = fitting;
  if (only !== undefined && more.length === 0) return { kind: 'settle', transactionId: only };
  if (fitting.length > 1) return review('multiple_candidates', fitting);
  if (otherAccount.length > 0) return review('receiving_account_differs', otherAccount);
  if (requestedAfter.length > 0) return review('no_prior_request', requestedAfter);
  if (expired.length > 0) return review('request_expired', expired);
  if (amountDiffers.length > 0) return review('amount_differs', amountDiffers);
  if (nameDiffers.length > 0) return review('name_differs', nameDiffers);
  return review('no_prior_request', otherSameNameAndAmount);
}

function review(reason: DepositReviewReason, relatedTransactionIds: string[]): DepositDecision {
  return { kind: 'review', reason, relatedTransactionIds };
}
