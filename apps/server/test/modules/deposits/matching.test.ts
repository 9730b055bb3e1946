import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_REVIEW_REASONS,
  TRANSACTION_STATUSES,
  decideDeposit,
  normaliseDepositorName,
  type CandidateRequest,
  type DepositDecision,
  type DepositReviewReason,
  type IncomingDeposit,
  sameReceivingAccount,
} from '@server/modules/deposits/matching';

const HOUR = 60 * 60 * 1000;
const REQUESTED_AT = new Date('2026-03-02T09:00:00.000Z');
const RECEIVED_AT = new Date(REQUESTED_AT.getTime() + HOUR);
const EXPIRES_AT = new Date(REQUESTED_AT.getTime() + 24 * HOUR);

function request(overrides: Partial<CandidateRequest> = {}): CandidateRequest {
  return {
    transactionId: 'tx-1',
    userId: 'user-1',
    registeredName: '홍길동',
    amountKrw: '150000',
    requestedAt: REQUESTED_AT,
    status: 'Requested',
    expiresAt: EXPIRES_AT,
    depositAccountNumber: null,
    ...overrides,
  };
}

function deposit(overrides: Partial<IncomingDeposit> = {}): IncomingDeposit {
  return { depositorName: '홍길동', amountKrw: '150000', receivedAt: RECEIVED_AT, ...overrides };
}

const settles = (transactionId: string): DepositDecision => ({ kind: 'settle', transactionId });
const reviews = (reason: DepositReviewReason, ids: string[]): DepositDecision => ({
  kind: 'review',
  reason,
  relatedTransactionIds: ids,
});

describe('normaliseDepositorName', () => {
  it('composes decomposed Hangul, trims and folds inner runs of spaces', () => {
    expect(normaliseDepositorName('홍길동'.normalize('NFD'))).toBe('홍길동');
    expect(normaliseDepositorName('  Kim \t Min\u00A0\u00A0jun\r\n')).toBe('Kim Min jun');
  });

  it('keeps zero-width, full-width and ideographic-space characters (they make names differ)', () => {
    expect(normaliseDepositorName('홍\u200B길동')).toBe('홍\u200B길동');
    expect(normaliseDepositorName('홍길동\uFEFF')).toBe('홍길동\uFEFF');
    expect(normaliseDepositorName('Ｋim')).toBe('Ｋim');
    expect(normaliseDepositorName('\u3000홍 길동\u3000')).toBe('\u3000홍 길동\u3000');
  });
});

describe('decideDeposit: examples', () => {
  it('settles an exact match', () => {
    expect(decideDeposit(deposit(), [request()])).toEqual(settles('tx-1'));
  });

  it('settles when either side is decomposed (NFD) Hangul', () => {
    expect(
      decideDeposit(deposit({ depositorName: '홍길동'.normalize('NFD') }), [request()]),
    ).toEqual(settles('tx-1'));
    expect(
      decideDeposit(deposit(), [request({ registeredName: '홍길동'.normalize('NFD') })]),
    ).toEqual(settles('tx-1'));
  });

  it('settles with spaces around the name and doubled spaces inside it', () => {
    const registered = request({ registeredName: '홍 길동' });
    expect(decideDeposit(deposit({ depositorName: '  홍 길동 ' }), [registered])).toEqual(
      settles('tx-1'),
    );
    expect(decideDeposit(deposit({ depositorName: '홍  길동' }), [registered])).toEqual(
      settles('tx-1'),
    );
    expect(decideDeposit(deposit({ depositorName: '\t홍\u00A0 길동\r\n' }), [registered])).toEqual(
      settles('tx-1'),
    );
  });

  it('sends a deposit 1 won off to review as amount_differs', () => {
    expect(decideDeposit(deposit({ amountKrw: '149999' }), [request()])).toEqual(
      reviews('amount_differs', ['tx-1']),
    );
    expect(decideDeposit(deposit({ amountKrw: '150001' }), [request()])).toEqual(
      reviews('amount_differs', ['tx-1']),
    );
  });

  it('never equates amounts that are not canonical whole won', () => {
    for (const amountKrw of ['150000.0', '0150000', '150,000', ' 150000', '1.5e5', '+150000', '']) {
      expect(decideDeposit(deposit({ amountKrw }), [request()])).toEqual(
        reviews('amount_differs', ['tx-1']),
      );
    }
    expect(
      decideDeposit(deposit({ amountKrw: '150000.0' }), [request({ amountKrw: '150000.0' })]),
    ).toEqual(reviews('amount_differs', ['tx-1']));
  });

  it('compares large amounts exactly (no float rounding)', () => {
    const big = '9007199254740993'; // 2^53 + 1: equal to 2^53 as a float
    expect(
      decideDeposit(deposit({ amountKrw: '9007199254740992' }), [request({ amountKrw: big })]),
    ).toEqual(reviews('amount_differs', ['tx-1']));
    expect(decideDeposit(deposit({ amountKrw: big }), [request({ amountKrw: big })])).toEqual(
      settles('tx-1'),
    );
  });

  it.each([
    ['one syllable changed', '홍길돌'],
    ['a zero-width space inside', '홍\u200B길동'],
    ['a zero-width no-break space (BOM) at the end', '홍길동\uFEFF'],
    ['a zero-width joiner', '홍길\u200D동'],
  ])('sends %s to review as name_differs', (_label, depositorName) => {
    expect(decideDeposit(deposit({ depositorName }), [request()])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
  });

  it('treats a full-width Latin letter as a different name', () => {
    const kim = request({ registeredName: 'Kim Min-jun' });
    expect(decideDeposit(deposit({ depositorName: 'Ｋim Min-jun' }), [kim])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
  });

  it('does not fold the ideographic space U+3000, inside or at the ends', () => {
    const spaced = request({ registeredName: '홍 길동' });
    expect(decideDeposit(deposit({ depositorName: '홍\u3000길동' }), [spaced])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
    expect(decideDeposit(deposit({ depositorName: '\u3000홍 길동' }), [spaced])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
  });

  it('treats a missing inner space as a different name (and an added one)', () => {
    expect(
      decideDeposit(deposit({ depositorName: '홍길동' }), [request({ registeredName: '홍 길동' })]),
    ).toEqual(reviews('name_differs', ['tx-1']));
    expect(decideDeposit(deposit({ depositorName: '홍 길동' }), [request()])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
  });

  it('does not fold letter case (nothing looser than the product rule)', () => {
    const kim = request({ registeredName: 'Kim Min-jun' });
    expect(decideDeposit(deposit({ depositorName: 'KIM MIN-JUN' }), [kim])).toEqual(
      reviews('name_differs', ['tx-1']),
    );
  });

  it('settles nothing when two requests fit, and lists both', () => {
    const decision = decideDeposit(deposit(), [
      request({ transactionId: 'tx-1' }),
      request({ transactionId: 'tx-2', userId: 'user-2' }),
    ]);
    expect(decision).toEqual(reviews('multiple_candidates', ['tx-1', 'tx-2']));
  });

  it('sends a deposit that arrived before the request to review as no_prior_request', () => {
    const after = request({ requestedAt: new Date(RECEIVED_AT.getTime() + 1) });
    expect(decideDeposit(deposit(), [after])).toEqual(reviews('no_prior_request', ['tx-1']));
    const same = request({ requestedAt: RECEIVED_AT });
    expect(decideDeposit(deposit(), [same])).toEqual(reviews('no_prior_request', ['tx-1']));
  });

  it('sends a deposit with no request at all to review as no_prior_request', () => {
    expect(decideDeposit(deposit(), [])).toEqual(reviews('no_prior_request', []));
    const stranger = request({ registeredName: '김철수', amountKrw: '20000' });
    expect(decideDeposit(deposit(), [stranger])).toEqual(reviews('no_prior_request', []));
  });

  it('sends a deposit after the request expired to review as request_expired', () => {
    const expired = request({ expiresAt: new Date(RECEIVED_AT.getTime() - 1) });
    expect(decideDeposit(deposit(), [expired])).toEqual(reviews('request_expired', ['tx-1']));
    const expiringNow = request({ expiresAt: RECEIVED_AT });
    expect(decideDeposit(deposit(), [expiringNow])).toEqual(reviews('request_expired', ['tx-1']));
    const cancelledByExpiry = request({ status: 'Cancelled', expiresAt: RECEIVED_AT });
    expect(decideDeposit(deposit(), [cancelledByExpiry])).toEqual(
      reviews('request_expired', ['tx-1']),
    );
  });

  it.each(['Pending', 'Completed', 'Cancelled'] as const)(
    'never settles a %s request, even one that otherwise fits',
    (status) => {
      const decision = decideDeposit(deposit(), [request({ status })]);
      expect(decision).toEqual(reviews('no_prior_request', ['tx-1']));
    },
  );

  it('settles the open request when the same person has a completed one of the same amount', () => {
    const decision = decideDeposit(deposit(), [
      request({ transactionId: 'old', status: 'Completed' }),
      request({ transactionId: 'new' }),
    ]);
    expect(decision).toEqual(settles('new'));
  });

  it('prefers the most specific reason', () => {
    const after = request({
      transactionId: 'after',
      requestedAt: new Date(RECEIVED_AT.getTime() + 1),
    });
    const expired = request({ transactionId: 'expired', expiresAt: REQUESTED_AT });
    const otherAmount = request({ transactionId: 'amount', amountKrw: '150001' });
    const otherName = request({ transactionId: 'name', registeredName: '홍길순' });
    expect(decideDeposit(deposit(), [otherName, otherAmount, expired, after])).toEqual(
      reviews('no_prior_request', ['after']),
    );
    expect(decideDeposit(deposit(), [otherName, otherAmount, expired])).toEqual(
      reviews('request_expired', ['expired']),
    );
    expect(decideDeposit(deposit(), [otherName, otherAmount])).toEqual(
      reviews('amount_differs', ['amount']),
    );
    expect(decideDeposit(deposit(), [otherName])).toEqual(reviews('name_differs', ['name']));
  });

  it('settles only a request that showed the account the deposit came in on', () => {
    const seoul = request({ transactionId: 'seoul', depositAccountNumber: '110-234-567890' });
    expect(decideDeposit(deposit({ receivingAccount: '110234567890' }), [seoul])).toEqual({
      kind: 'settle',
      transactionId: 'seoul',
    });
    expect(decideDeposit(deposit({ receivingAccount: '333-01-998877' }), [seoul])).toEqual({
      kind: 'review',
      reason: 'receiving_account_differs',
      relatedTransactionIds: ['seoul'],
    });
    // The bank did not say: the account cannot count against it.
    expect(decideDeposit(deposit(), [seoul]).kind).toBe('settle');
  });

  it('settles the one request on the receiving account when two people of one name asked', () => {
    const seoul = request({ transactionId: 'seoul', depositAccountNumber: '110-234-567890' });
    const busan = request({
      transactionId: 'busan',
      userId: 'user-2',
      depositAccountNumber: '333-01-998877',
    });
    expect(decideDeposit(deposit({ receivingAccount: '333-01-998877' }), [seoul, busan])).toEqual({
      kind: 'settle',
      transactionId: 'busan',
    });
  });

  it('never matches an empty or blank name', () => {
    const blank = request({ registeredName: ' ' });
    expect(decideDeposit(deposit({ depositorName: '' }), [blank]).kind).toBe('review');
    expect(
      decideDeposit(deposit({ depositorName: '\t' }), [request({ registeredName: '' })]),
    ).toEqual(reviews('name_differs', ['tx-1']));
  });

  it('never settles when a timestamp is an invalid Date', () => {
    const invalid = new Date(Number.NaN);
    expect(decideDeposit(deposit({ receivedAt: invalid }), [request()]).kind).toBe('review');
    expect(decideDeposit(deposit(), [request({ requestedAt: invalid })]).kind).toBe('review');
    expect(decideDeposit(deposit(), [request({ expiresAt: invalid })]).kind).toBe('review');
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: 10,000 seeded near misses never settle; true matches always do.

const hangulSyllable = fc
  .integer({ min: 0xac00, max: 0xd7a3 })
  .map((code) => String.fromCharCode(code));
const hangulWord = fc
  .array(hangulSyllable, { minLength: 1, maxLength: 4 })
  .map((syllables) => syllables.join(''));
const latinWord = fc
  .tuple(
    fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), maxLength: 7 }),
  )
  .map(([first, rest]) => first + rest);

/** Registered names as sign-up stores them: NFC, trimmed, words separated by single spaces. */
const registeredName = (minWords: number) =>
  fc
    .array(fc.oneof(hangulWord, latinWord), { minLength: minWords, maxLength: 3 })
    .map((words) => words.join(' '));

/** Whole won, 1 won to 10 billion won. */
const amount = fc.bigInt({ min: 1n, max: 10_000_000_000n });

/** Ways a true match may arrive that must still settle. */
interface Benign {
  nfd: boolean;
  before: string;
  after: string;
  innerSpace: string;
}
const spaceRun = fc.string({
  unit: fc.constantFrom(' ', '\t', '\u00A0', '\r', '\n'),
  maxLength: 3,
});
const benign: fc.Arbitrary<Benign> = fc.record({
  nfd: fc.boolean(),
  before: spaceRun,
  after: spaceRun,
  innerSpace: fc.constantFrom(' ', '  ', ' \t', '\u00A0', '   '),
});
function applyBenign(name: string, how: Benign): string {
  const spaced = name.replaceAll(' ', how.innerSpace);
  return how.before + (how.nfd ? spaced.normalize('NFD') : spaced) + how.after;
}

const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
const fullWidthOf = (letter: string) => String.fromCharCode(letter.charCodeAt(0) - 0x21 + 0xff01);

type MutationKind =
  | 'one_won_off'
  | 'syllable_changed'
  | 'zero_width'
  | 'full_width'
  | 'missing_space'
  | 'two_fitting'
  | 'request_after_deposit'
  | 'expired'
  | 'other_account';

const EXPECTED_REASON: Record<MutationKind, DepositReviewReason> = {
  one_won_off: 'amount_differs',
  syllable_changed: 'name_differs',
  zero_width: 'name_differs',
  full_width: 'name_differs',
  missing_space: 'name_differs',
  two_fitting: 'multiple_candidates',
  request_after_deposit: 'no_prior_request',
  expired: 'request_expired',
  other_account: 'receiving_account_differs',
};

interface Scenario {
  kind: MutationKind;
  deposit: IncomingDeposit;
  candidates: CandidateRequest[];
  targetIds: string[];
}

/** A character index in `name` whose character satisfies `test`, chosen by `pick`. */
function indexWhere(name: string, test: (ch: string) => boolean, pick: number): number {
  const indices = [...name].flatMap((ch, i) => (test(ch) ? [i] : []));
  return indices[pick % indices.length] ?? -1;
}
const isHangul = (ch: string) => ch >= '\uAC00' && ch <= '\uD7A3';
const isLatin = (ch: string) => /[A-Za-z]/.test(ch);

/**
 * Unrelated requests from other people: their names carry a digit (generated names never do) and
 * their amounts are at least 10,000 won away, so they never fit and never become the reason.
 */
const decoys = (base: bigint) =>
  fc
    .array(
      fc.record({
        name: registeredName(1).map((name) => `${name}${name.length % 10}`),
        offset: fc.bigInt({ min: 10_000n, max: 1_000_000n }),
      }),
      { maxLength: 3 },
    )
    .map((list) =>
      list.map(({ name, offset }, i): CandidateRequest => ({
        transactionId: `decoy-${i}`,
        userId: `decoy-user-${i}`,
        registeredName: name,
        amountKrw: (base + offset).toString(),
        requestedAt: REQUESTED_AT,
        status: 'Requested',
        expiresAt: EXPIRES_AT,
        depositAccountNumber: null,
      })),
    );

function mutateName(kind: MutationKind, name: string, pick: number, replacement: number): string {
  const chars = [...name];
  switch (kind) {
    case 'syllable_changed': {
      const i = indexWhere(name, (ch) => isHangul(ch) || isLatin(ch), pick);
      const old = chars[i] ?? '';
      if (isHangul(old)) {
        const code = 0xac00 + ((old.charCodeAt(0) - 0xac00 + 1 + (replacement % 11171)) % 11172);
        chars[i] = String.fromCharCode(code);
      } else {
        const letters = 'abcdefghijklmnopqrstuvwxyz';
        const lower = old.toLowerCase();
        const next = letters[(letters.indexOf(lower) + 1 + (replacement % 25)) % 26] ?? 'a';
        chars[i] = old === lower ? next : next.toUpperCase();
      }
      return chars.join('');
    }
    case 'zero_width': {
      const at = pick % (chars.length + 1);
      chars.splice(at, 0, ZERO_WIDTH[replacement % ZERO_WIDTH.length] ?? '\u200B');
      return chars.join('');
    }
    case 'full_width': {
      // A full-width Latin letter where there is one; otherwise the ideographic (full-width)
      // space U+3000 in place of an inner space, or added at an end or between syllables.
      const latin = indexWhere(name, isLatin, pick);
      if (latin >= 0 && replacement % 2 === 0) {
        chars[latin] = fullWidthOf(chars[latin] ?? 'A');
        return chars.join('');
      }
      const space = indexWhere(name, (ch) => ch === ' ', pick);
      if (space >= 0) {
        chars[space] = '\u3000';
        return chars.join('');
      }
      chars.splice(pick % (chars.length + 1), 0, '\u3000');
      return chars.join('');
    }
    case 'missing_space': {
      const space = indexWhere(name, (ch) => ch === ' ', pick);
      chars.splice(space, 1);
      return chars.join('');
    }
    default:
      return name;
  }
}

const nearMiss: fc.Arbitrary<Scenario> = fc
  .constantFrom<MutationKind>(
    'one_won_off',
    'syllable_changed',
    'zero_width',
    'full_width',
    'missing_space',
    'two_fitting',
    'request_after_deposit',
    'expired',
    'other_account',
  )
  .chain((kind) =>
    fc.record({
      kind: fc.constant(kind),
      name: registeredName(kind === 'missing_space' ? 2 : 1),
      amount,
      benign,
      pick: fc.nat(),
      replacement: fc.nat(),
      up: fc.boolean(),
      decoys: decoys(0n),
      position: fc.nat(),
    }),
  )
  .map(({ kind, name, amount, benign, pick, replacement, up, decoys, position }) => {
    const amountKrw = amount.toString();
    const target = request({ registeredName: name, amountKrw, transactionId: 'target' });
    const targets = [target];
    let depositAmount = amountKrw;
    if (kind === 'one_won_off')
      depositAmount = (up || amount === 1n ? amount + 1n : amount - 1n).toString();
    if (kind === 'two_fitting')
      targets.push({ ...target, transactionId: 'target-2', userId: 'user-2' });
    if (kind === 'request_after_deposit')
      target.requestedAt = new Date(RECEIVED_AT.getTime() + (pick % HOUR));
    if (kind === 'expired') target.expiresAt = new Date(RECEIVED_AT.getTime() - (pick % HOUR));
    // The buy showed Seoul's account; the bank reports the deposit on Busan's.
    target.depositAccountNumber = '110-234-567890';
    const receivingAccount = kind === 'other_account' ? '333-01-998877' : '110234567890';

    const mutated = mutateName(kind, name, pick, replacement);
    const shifted = decoys.map((d) => ({
      ...d,
      amountKrw: (BigInt(d.amountKrw) + amount).toString(),
    }));
    const candidates = [...shifted];
    candidates.splice(position % (candidates.length + 1), 0, ...targets);
    return {
      kind,
      deposit: deposit({
        depositorName: applyBenign(mutated, benign),
        amountKrw: depositAmount,
        receivingAccount,
      }),
      candidates,
      targetIds: targets.map((t) => t.transactionId),
    };
  });

describe('decideDeposit: properties', () => {
  it('10,000 seeded near-miss deposits: none settles, each goes to review with its reason', () => {
    const byReason = new Map<string, number>();
    const byKind = new Map<string, number>();
    let settled = 0;
    let runs = 0;

    fc.assert(
      fc.property(nearMiss, (scenario) => {
        const decision = decideDeposit(scenario.deposit, scenario.candidates);
        if (decision.kind === 'settle') settled += 1;
        expect(decision).toEqual(reviews(EXPECTED_REASON[scenario.kind], scenario.targetIds));
        runs += 1;
        byKind.set(scenario.kind, (byKind.get(scenario.kind) ?? 0) + 1);
        if (decision.kind === 'review')
          byReason.set(decision.reason, (byReason.get(decision.reason) ?? 0) + 1);
      }),
      { numRuns: 10_000, seed: 20260302 },
    );

    const figures = (counts: Map<string, number>) =>
      [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
    console.log(`${runs} near misses: ${settled} settled; ${figures(byReason)}`);
    console.log(`  by mutation: ${figures(byKind)}`);
    expect(runs).toBe(10_000);
    expect(settled).toBe(0);
    expect([...byReason.values()].reduce((a, b) => a + b, 0)).toBe(10_000);
    for (const reason of DEPOSIT_REVIEW_REASONS)
      expect(byReason.get(reason) ?? 0).toBeGreaterThan(0);
  });

  it('true matches (NFD, spaces around, doubled or other spaces inside) always settle', () => {
    let settled = 0;
    fc.assert(
      fc.property(
        registeredName(1),
        amount,
        benign,
        fc.boolean(),
        fc.boolean(),
        decoys(0n),
        fc.nat(),
        (name, amount, how, storedNfd, hasCompletedTwin, decoyList, position) => {
          const amountKrw = amount.toString();
          const target = request({
            transactionId: 'target',
            registeredName: storedNfd ? name.normalize('NFD') : name,
            amountKrw,
          });
          const candidates: CandidateRequest[] = decoyList.map((d) => ({
            ...d,
            amountKrw: (BigInt(d.amountKrw) + amount).toString(),
          }));
          if (hasCompletedTwin)
            candidates.push({ ...target, transactionId: 'earlier', status: 'Completed' });
          candidates.splice(position % (candidates.length + 1), 0, target);
          const decision = decideDeposit(
            deposit({ depositorName: applyBenign(name, how), amountKrw }),
            candidates,
          );
          expect(decision).toEqual(settles('target'));
          settled += 1;
        },
      ),
      { numRuns: 10_000, seed: 20260303 },
    );
    console.log(`${settled} true matches: ${settled} settled automatically`);
    expect(settled).toBe(10_000);
  });

  it('never throws, and never settles across differing normal names, for arbitrary strings', () => {
    const anyUnit = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)) }), // lone surrogates too
    );
    const anyDate = fc.date({ noInvalidDate: false });
    const status = fc.constantFrom(...TRANSACTION_STATUSES);
    const candidate = fc.record({
      transactionId: fc.string(),
      userId: fc.string(),
      registeredName: anyUnit,
      amountKrw: fc.oneof(anyUnit, fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String)),
      requestedAt: anyDate,
      status,
      expiresAt: anyDate,
      depositAccountNumber: fc.option(anyUnit),
    });
    fc.assert(
      fc.property(
        anyUnit,
        fc.oneof(anyUnit, fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String)),
        anyDate,
        fc.array(candidate, { maxLength: 4 }),
        fc.option(anyUnit),
        (depositorName, amountKrw, receivedAt, candidates, receivingAccount) => {
          const decision = decideDeposit(
            { depositorName, amountKrw, receivedAt, receivingAccount },
            candidates,
          );
          if (decision.kind === 'settle') {
            const chosen = candidates.filter((c) => c.transactionId === decision.transactionId);
            expect(chosen.length).toBeGreaterThan(0);
            expect(
              chosen.some(
                (c) =>
                  c.status === 'Requested' &&
                  c.amountKrw === amountKrw &&
                  normaliseDepositorName(c.registeredName) ===
                    normaliseDepositorName(depositorName) &&
                  c.requestedAt.getTime() < receivedAt.getTime() &&
                  receivedAt.getTime() < c.expiresAt.getTime() &&
                  sameReceivingAccount(receivingAccount, c.depositAccountNumber),
              ),
            ).toBe(true);
          } else {
            expect(DEPOSIT_REVIEW_REASONS).toContain(decision.reason);
          }
        },
      ),
      { numRuns: 5_000, seed: 20260304 },
    );
  });
});
