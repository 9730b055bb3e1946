import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { isErrorBody } from './errors';
import { isTransactionChangeEvent, TRANSACTION_STATUSES } from './transaction-states';
import { transactionChangeEventSchema } from './transactions';

/*
 * Two checks the browser makes on every signed-in page are written by hand so that those pages
 * do not load zod. They must accept exactly what a zod schema of the same shape does.
 */

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Values near the shapes: right, wrong and missing members, other types, extra keys. */
const anything = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 2 }),
);
const fieldsLike = fc.oneof(
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.dictionary(fc.string(), anything, { maxKeys: 3 }),
  anything,
);
const errorLike = fc.oneof(
  fc.record(
    {
      code: fc.oneof(fc.string(), anything),
      message: fc.oneof(fc.string(), anything),
      fields: fieldsLike,
    },
    { requiredKeys: [] },
  ),
  anything,
);
const errorBodyLike = fc.oneof(
  fc.record({ error: errorLike }, { requiredKeys: [] }),
  fc.record({ error: errorLike, extra: anything }),
  anything,
);
const changeLike = fc.oneof(
  fc.record(
    {
      transactionId: fc.oneof(fc.uuid(), anything),
      status: fc.oneof(fc.constantFrom(...TRANSACTION_STATUSES), fc.string(), anything),
    },
    { requiredKeys: [] },
  ),
  anything,
);

describe('hand-written guards agree with zod', () => {
  it('isErrorBody accepts what the error body schema accepts, and nothing else', () => {
    fc.assert(
      fc.property(errorBodyLike, (value) => {
        expect(isErrorBody(value)).toBe(errorBodySchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('isTransactionChangeEvent accepts what the event schema accepts (extra keys aside)', () => {
    fc.assert(
      fc.property(changeLike, (value) => {
        expect(isTransactionChangeEvent(value)).toBe(
          transactionChangeEventSchema.safeParse(value).success,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the API error and live event examples', () => {
    expect(isErrorBody({ error: { code: 'NOT_FOUND', message: 'Not found' } })).toBe(true);
    expect(
      isErrorBody({
        error: { code: 'VALIDATION_FAILED', message: 'x', fields: { email: 'emailInvalid' } },
      }),
    ).toBe(true);
    expect(isErrorBody({ error: { code: 'X', message: 'x', fields: { email: 3 } } })).toBe(false);
    expect(isErrorBody({ message: 'x' })).toBe(false);
    expect(isTransactionChangeEvent({ transactionId: 't1', status: 'Completed' })).toBe(true);
    expect(isTransactionChangeEvent({ transactionId: 't1', status: 'Weird' })).toBe(false);
  });
});
