import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTOR_KINDS,
  BUY_REQUEST_TTL_HOURS_DEFAULT,
  DEPOSIT_REVIEW_REASONS,
  MOVES,
  MOVE_RULES,
  MOVE_TEXT_MAX_LENGTH,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  buyRequestExpiresAt,
  isFinal,
  planMove,
  type Actor,
  type ActorKind,
  type Effect,
  type MoveName,
  type MoveRequest,
  type MoveSubject,
  type TransactionStatus,
  type TransactionType,
} from '@server/modules/transactions/state-moves';

const OWNER = 'user-owner';
const STRANGER = 'user-stranger';
const OPERATOR = 'user-operator';
const REQUESTED_AT = new Date('2026-03-01T09:00:00Z');
const EXPIRES_AT = buyRequestExpiresAt(REQUESTED_AT);
const BEFORE_EXPIRY = new Date(EXPIRES_AT.getTime() - 60_000);
const AFTER_EXPIRY = new Date(EXPIRES_AT.getTime() + 60_000);

const actorOf = (kind: ActorKind): Actor =>
  kind === 'system' ? { kind } : { kind, userId: kind === 'user' ? OWNER : OPERATOR };

const subject = (
  type: TransactionType,
  status: TransactionStatus = 'Requested',
  overrides: Partial<MoveSubject> = {},
): MoveSubject => ({
  type,
  status,
  ownerUserId: OWNER,
  expiresAt: type === 'buy' ? EXPIRES_AT : null,
  ...overrides,
});

/** A request carrying everything its move may need, so refusals in the matrix come from the state or the actor only. */
const fullRequest = (move: MoveName): MoveRequest => {
  switch (move) {
    case 'deposit_needs_review':
      return { move, reason: 'amount_differs' };
    case 'operator_cancel_buy':
    case 'operator_cancel_sell':
    case 'operator_cancel_request':
      return { move, reason: 'Customer asked by phone' };
    case 'operator_complete_sell':
      return { move, payoutReference: 'KB-2026-0001' };
    case 'deposit_matched':
    case 'operator_match_deposit':
    case 'operator_complete_buy':
      return { move, depositId: 'deposit-1' };
    default:
      return { move };
  }
};

/** docs/PRODUCT.md "Transaction states", written out by hand so the test checks the table, not itself. */
const PRODUCT_EDGES: readonly {
  type: TransactionType;
  move: MoveName;
  from: TransactionStatus;
  to: TransactionStatus;
  actor: ActorKind;
  effects: readonly Effect[];
}[] = [
  {
    type: 'buy',
    move: 'deposit_matched',
    from: 'Requested',
    to: 'Completed',
    actor: 'system',
    effects: ['credit_merchant_account'],
  },
  {
    type: 'buy',
    move: 'deposit_needs_review',
    from: 'Requested',
    to: 'Pending',
    actor: 'system',
    effects: [],
  },
  {
    type: 'buy',
    move: 'operator_complete_buy',
    from: 'Pending',
    to: 'Completed',
    actor: 'operator',
    effects: ['credit_merchant_account'],
  },
  {
    type: 'buy',
    move: 'operator_match_deposit',
    from: 'Requested',
    to: 'Completed',
    actor: 'operator',
    effects: ['credit_merchant_account'],
  },
  {
    type: 'buy',
    move: 'operator_cancel_buy',
    from: 'Pending',
    to: 'Cancelled',
    actor: 'operator',
    effects: [],
  },
  {
    type: 'buy',
    move: 'user_cancel',
    from: 'Requested',
    to: 'Cancelled',
    actor: 'user',
    effects: [],
  },
  { type: 'buy', move: 'expire', from: 'Requested', to: 'Cancelled', actor: 'system', effects: [] },
  // Take is the merchant debit; Complete only records the won payout (docs/decisions/010).
  {
    type: 'sell',
    move: 'operator_take_sell',
    from: 'Requested',
    to: 'Pending',
    actor: 'operator',
    effects: ['debit_merchant_account', 'settle_reservation'],
  },
  {
    type: 'sell',
    move: 'operator_complete_sell',
    from: 'Pending',
    to: 'Completed',
    actor: 'operator',
    effects: [],
  },
  {
    type: 'sell',
    move: 'operator_cancel_sell',
    from: 'Pending',
    to: 'Cancelled',
    actor: 'operator',
    effects: ['return_to_merchant_account'],
  },
  {
    type: 'sell',
    move: 'operator_cancel_request',
    from: 'Requested',
    to: 'Cancelled',
    actor: 'operator',
    effects: ['release_reservation'],
  },
  {
    type: 'buy',
    move: 'operator_cancel_request',
    from: 'Requested',
    to: 'Cancelled',
    actor: 'operator',
    effects: [],
  },
  {
    type: 'sell',
    move: 'user_cancel',
    from: 'Requested',
    to: 'Cancelled',
    actor: 'user',
    effects: ['release_reservation'],
  },
];

const designEdge = (
  type: TransactionType,
  from: TransactionStatus,
  move: MoveName,
  actor: ActorKind,
) =>
  PRODUCT_EDGES.find(
    (e) => e.type === type && e.from === from && e.move === move && e.actor === actor,
  );

describe('the rule table', () => {
  it('holds exactly the moves of docs/PRODUCT.md', () => {
    const fromTable = MOVE_RULES.flatMap((r) =>
      r.actors.map((actor) => `${r.type} ${r.move} ${r.from}->${r.to} by ${actor}`),
    ).sort();
    const fromProduct = PRODUCT_EDGES.map(
      (e) => `${e.type} ${e.move} ${e.from}->${e.to} by ${e.actor}`,
    ).sort();
    expect(fromTable).toEqual(fromProduct);
  });

  it('never leaves a final status and has one rule per type and move', () => {
    for (const rule of MOVE_RULES) expect(isFinal(rule.from)).toBe(false);
    const keys = MOVE_RULES.map((r) => `${r.type}/${r.move}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('marks exactly Completed and Cancelled as final', () => {
    expect(TRANSACTION_STATUSES.filter(isFinal)).toEqual(['Completed', 'Cancelled']);
  });

  it('expires buy requests after 24 hours by default', () => {
    expect(BUY_REQUEST_TTL_HOURS_DEFAULT).toBe(24);
    expect(EXPIRES_AT.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(buyRequestExpiresAt(REQUESTED_AT, 2).toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });
});

describe('allowed moves', () => {
  it.each(PRODUCT_EDGES)('$type: $move by $actor goes $from -> $to', (edge) => {
    const actor = actorOf(edge.actor);
    const result = planMove(
      subject(edge.type, edge.from),
      fullRequest(edge.move),
      actor,
      AFTER_EXPIRY,
    );
    expect(result).toMatchObject({ ok: true, from: edge.from, to: edge.to });
    if (!result.ok) return;
    expect(result.effects).toEqual(edge.effects);
    expect(result.event.move).toBe(edge.move);
    expect(result.event.actor).toEqual(actor);
    expect(result.event.at).toBe(AFTER_EXPIRY);
  });

  it('records who, when and why', () => {
    const operator = actorOf('operator');
    const completed = planMove(
      subject('sell', 'Pending'),
      { move: 'operator_complete_sell', payoutReference: '  KB-77  ', note: ' paid at noon ' },
      operator,
      BEFORE_EXPIRY,
    );
    expect(completed).toEqual({
      ok: true,
      from: 'Pending',
      to: 'Completed',
      event: {
        move: 'operator_complete_sell',
        actor: operator,
        at: BEFORE_EXPIRY,
        payoutReference: 'KB-77',
        note: 'paid at noon',
      },
      effects: [],
    });

    const review = planMove(
      subject('buy'),
      { move: 'deposit_needs_review', reason: 'name_differs' },
      { kind: 'system' },
      BEFORE_EXPIRY,
    );
    expect(review.ok && review.event.reason).toBe('name_differs');

    const cancelled = planMove(
      subject('buy'),
      { move: 'user_cancel', reason: '  changed my mind ' },
      actorOf('user'),
      BEFORE_EXPIRY,
    );
    expect(cancelled.ok && cancelled.event.reason).toBe('changed my mind');
  });

  it('drops a blank optional note or reason instead of recording it', () => {
    const result = planMove(
      subject('buy', 'Pending'),
      { move: 'operator_complete_buy', depositId: 'deposit-1', note: '   ' },
      actorOf('operator'),
      BEFORE_EXPIRY,
    );
    expect(result.ok && result.event).not.toHaveProperty('note');
    const cancelled = planMove(
      subject('sell'),
      { move: 'user_cancel', reason: '' },
      actorOf('user'),
      BEFORE_EXPIRY,
    );
    expect(cancelled.ok && cancelled.event).not.toHaveProperty('reason');
  });

  it('records only the fields its move declares', () => {
    const result = planMove(
      subject('buy'),
      { move: 'deposit_matched', depositId: 'd', note: 'x', reason: 'y' } as unknown as MoveRequest,
      { kind: 'system' },
      BEFORE_EXPIRY,
    );
    expect(result.ok && Object.keys(result.event).sort()).toEqual([
      'actor',
      'at',
      'depositId',
      'move',
    ]);
  });
});

describe('every other move is refused', () => {
  const combinations = TRANSACTION_TYPES.flatMap((type) =>
    TRANSACTION_STATUSES.flatMap((status) =>
      MOVES.flatMap((move) => ACTOR_KINDS.map((actor) => ({ type, status, move, actor }))),
    ),
  );
  const refused = combinations.filter((c) => !designEdge(c.type, c.status, c.move, c.actor));

  it('enumerates all combinations', () => {
    expect(combinations).toHaveLength(2 * 4 * MOVES.length * 3);
    expect(refused).toHaveLength(combinations.length - PRODUCT_EDGES.length);
  });

  it.each(refused)('$type $status: $move by $actor', ({ type, status, move, actor }) => {
    // The most favourable conditions: the acting user owns it, the request has expired, the
    // payload is complete. Anything refused here is refused for its state or its actor.
    const result = planMove(subject(type, status), fullRequest(move), actorOf(actor), AFTER_EXPIRY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(['TRANSITION_NOT_ALLOWED', 'FORBIDDEN']).toContain(result.code);
    expect(result.message).toMatch(/^[A-Z].*\.$/);
  });

  it.each(
    TRANSACTION_TYPES.flatMap((type) =>
      (['Completed', 'Cancelled'] as const).flatMap((status) =>
        PRODUCT_EDGES.filter((e) => e.type === type).map((e) => ({ type, status, edge: e })),
      ),
    ),
  )('a $status $type accepts no move ($edge.move)', ({ type, status, edge }) => {
    const result = planMove(
      subject(type, status),
      fullRequest(edge.move),
      actorOf(edge.actor),
      AFTER_EXPIRY,
    );
    expect(result).toMatchObject({ ok: false, code: 'TRANSITION_NOT_ALLOWED' });
  });

  it('refuses an operator cancel of a Requested sell (the operator takes it first)', () => {
    const result = planMove(
      subject('sell'),
      { move: 'operator_cancel_sell', reason: 'stop' },
      actorOf('operator'),
      BEFORE_EXPIRY,
    );
    expect(result).toMatchObject({ ok: false, code: 'TRANSITION_NOT_ALLOWED' });
  });
});

describe('refusals with their own code', () => {
  it.each(TRANSACTION_TYPES)('a user cannot cancel someone else’s %s', (type) => {
    for (const status of TRANSACTION_STATUSES) {
      // FORBIDDEN whatever the status, so a stranger learns nothing about the transaction.
      const result = planMove(
        subject(type, status),
        { move: 'user_cancel' },
        { kind: 'user', userId: STRANGER },
        BEFORE_EXPIRY,
      );
      expect(result).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('an operator cannot use the user’s cancel', () => {
    const result = planMove(
      subject('buy'),
      { move: 'user_cancel' },
      { kind: 'operator', userId: OWNER },
      BEFORE_EXPIRY,
    );
    expect(result).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('expire before expiresAt is NOT_EXPIRED; at expiresAt it expires', () => {
    const system: Actor = { kind: 'system' };
    expect(planMove(subject('buy'), { move: 'expire' }, system, BEFORE_EXPIRY)).toMatchObject({
      ok: false,
      code: 'NOT_EXPIRED',
    });
    expect(
      planMove(subject('buy'), { move: 'expire' }, system, new Date(EXPIRES_AT.getTime() - 1)),
    ).toMatchObject({ ok: false, code: 'NOT_EXPIRED' });
    expect(planMove(subject('buy'), { move: 'expire' }, system, EXPIRES_AT)).toMatchObject({
      ok: true,
      to: 'Cancelled',
    });
    expect(
      planMove(
        subject('buy', 'Requested', { expiresAt: null }),
        { move: 'expire' },
        system,
        AFTER_EXPIRY,
      ),
    ).toMatchObject({ ok: false, code: 'NOT_EXPIRED' });
  });

  it.each([undefined, '', '   \n\t'])(
    'sell completion with payout reference %j is PAYOUT_REFERENCE_REQUIRED',
    (payoutReference) => {
      const result = planMove(
        subject('sell', 'Pending'),
        { move: 'operator_complete_sell', payoutReference } as MoveRequest,
        actorOf('operator'),
        BEFORE_EXPIRY,
      );
      expect(result).toMatchObject({ ok: false, code: 'PAYOUT_REFERENCE_REQUIRED' });
    },
  );

  it.each([
    ['buy', 'operator_cancel_buy', 'Pending'],
    ['sell', 'operator_cancel_sell', 'Pending'],
    ['buy', 'operator_cancel_request', 'Requested'],
    ['sell', 'operator_cancel_request', 'Requested'],
  ] as const)('%s: %s without a reason is REASON_REQUIRED', (type, move, status) => {
    for (const reason of [undefined, '', '  ']) {
      const result = planMove(
        subject(type, status),
        { move, reason } as MoveRequest,
        actorOf('operator'),
        BEFORE_EXPIRY,
      );
      expect(result).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
    }
  });

  it.each([undefined, '', 'amount differs', 'other'])(
    'deposit review with reason %j is REASON_REQUIRED',
    (reason) => {
      const result = planMove(
        subject('buy'),
        { move: 'deposit_needs_review', reason } as MoveRequest,
        { kind: 'system' },
        BEFORE_EXPIRY,
      );
      expect(result).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
    },
  );

  it('accepts every deposit review reason', () => {
    for (const reason of DEPOSIT_REVIEW_REASONS) {
      const result = planMove(
        subject('buy'),
        { move: 'deposit_needs_review', reason },
        { kind: 'system' },
        BEFORE_EXPIRY,
      );
      expect(result).toMatchObject({ ok: true, to: 'Pending' });
    }
  });

  it('limits texts to 500 characters, counted as a person counts them', () => {
    const operator = actorOf('operator');
    const korean = '취'.repeat(MOVE_TEXT_MAX_LENGTH);
    const emoji = '💸'.repeat(MOVE_TEXT_MAX_LENGTH); // 1,000 UTF-16 units, 500 characters
    for (const reason of [korean, emoji, `  ${korean}  `]) {
      expect(
        planMove(
          subject('sell', 'Pending'),
          { move: 'operator_cancel_sell', reason },
          operator,
          BEFORE_EXPIRY,
        ),
      ).toMatchObject({ ok: true });
    }
    const long = 'a'.repeat(MOVE_TEXT_MAX_LENGTH + 1);
    const cases: [MoveSubject, MoveRequest, Actor][] = [
      [subject('sell', 'Pending'), { move: 'operator_cancel_sell', reason: long }, operator],
      [
        subject('sell', 'Pending'),
        { move: 'operator_complete_sell', payoutReference: long },
        operator,
      ],
      [
        subject('sell', 'Pending'),
        { move: 'operator_complete_sell', payoutReference: 'ok', note: long },
        operator,
      ],
      [
        subject('buy', 'Pending'),
        { move: 'operator_complete_buy', depositId: 'deposit-1', note: long },
        operator,
      ],
      [subject('buy'), { move: 'user_cancel', reason: long }, actorOf('user')],
    ];
    for (const [transaction, request, actor] of cases) {
      expect(planMove(transaction, request, actor, BEFORE_EXPIRY)).toMatchObject({
        ok: false,
        code: 'TEXT_TOO_LONG',
      });
    }
  });

  it('throws on a non-string text: that is a bug in the caller, not a user error', () => {
    expect(() =>
      planMove(
        subject('buy', 'Pending'),
        { move: 'operator_cancel_buy', reason: 42 } as unknown as MoveRequest,
        actorOf('operator'),
        BEFORE_EXPIRY,
      ),
    ).toThrow(TypeError);
  });
});

describe('properties', () => {
  const MONEY_EFFECTS: readonly Effect[] = ['credit_merchant_account', 'debit_merchant_account'];
  /** Asset that has left the user's merchant account for good: a sell taken (debited) and
   * not given back, or a buy credited. */
  const assetMoved = (type: TransactionType, status: TransactionStatus) =>
    status === 'Completed' || (type === 'sell' && status === 'Pending') ? 1 : 0;

  const actorArb: fc.Arbitrary<Actor> = fc.oneof(
    fc.constant<Actor>({ kind: 'system' }),
    fc.constantFrom(OWNER, STRANGER).map((userId): Actor => ({ kind: 'user', userId })),
    fc.constant<Actor>({ kind: 'operator', userId: OPERATOR }),
  );
  const textArb = fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('   ')), {
    nil: undefined,
  });
  const requestArb: fc.Arbitrary<MoveRequest> = fc
    .record({
      move: fc.constantFrom(...MOVES),
      reason: fc.oneof(textArb, fc.constantFrom(...DEPOSIT_REVIEW_REASONS)),
      note: textArb,
      payoutReference: textArb,
    })
    .map((r) => r as MoveRequest);
  const stepArb = fc.record({
    request: requestArb,
    actor: actorArb,
    // Around the expiry time, so expire is sometimes early and sometimes due.
    offsetMinutes: fc.integer({ min: -120, max: 120 }),
  });

  it('a random sequence follows only allowed edges, stays final, and pays at most once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_TYPES),
        fc.array(stepArb, { maxLength: 30 }),
        (type, steps) => {
          let transaction = subject(type);
          let money = 0;
          let returned = 0;
          for (const { request, actor, offsetMinutes } of steps) {
            const now = new Date(EXPIRES_AT.getTime() + offsetMinutes * 60_000);
            const result = planMove(transaction, request, actor, now);
            if (!result.ok) continue;
            expect(isFinal(transaction.status)).toBe(false);
            expect(result.from).toBe(transaction.status);
            expect(designEdge(type, result.from, request.move, actor.kind)).toMatchObject({
              to: result.to,
            });
            if (actor.kind === 'user') expect(actor.userId).toBe(OWNER);
            money += result.effects.filter((e) => MONEY_EFFECTS.includes(e)).length;
            returned += result.effects.filter((e) => e === 'return_to_merchant_account').length;
            transaction = { ...transaction, status: result.to };
          }
          expect(money).toBeLessThanOrEqual(1);
          expect(returned).toBeLessThanOrEqual(money);
          // The asset moves once, and a debited sell that is cancelled gets it back.
          expect(money - returned).toBe(assetMoved(type, transaction.status));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('races on a Requested buy end in exactly one final state with at most one credit', () => {
    const racers: readonly { request: MoveRequest; actor: Actor; to: TransactionStatus }[] = [
      {
        request: { move: 'deposit_matched', depositId: 'deposit-1' },
        actor: { kind: 'system' },
        to: 'Completed',
      },
      { request: { move: 'user_cancel' }, actor: actorOf('user'), to: 'Cancelled' },
      { request: { move: 'expire' }, actor: { kind: 'system' }, to: 'Cancelled' },
    ];
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...racers], { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 7 * 24 * 60 }),
        (order, minutesAfterExpiry) => {
          const now = new Date(EXPIRES_AT.getTime() + minutesAfterExpiry * 60_000);
          let transaction = subject('buy');
          let applied = 0;
          let credits = 0;
          for (const { request, actor } of order) {
            const result = planMove(transaction, request, actor, now);
            if (!result.ok) {
              expect(result.code).toBe('TRANSITION_NOT_ALLOWED');
              continue;
            }
            applied += 1;
            credits += result.effects.filter((e) => e === 'credit_merchant_account').length;
            transaction = { ...transaction, status: result.to };
          }
          expect(applied).toBe(1);
          expect(isFinal(transaction.status)).toBe(true);
          expect(transaction.status).toBe(order[0]?.to);
          expect(credits).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
