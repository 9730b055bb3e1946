import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personNameSchema } from '@portal/contract/auth';
import { ASSET_AMOUNT, amountSchema } from '@portal/contract/money';
import { applyApiErrorToForm, fieldErrorText, validationText } from '@/lib/form-errors';
import { apiFailure } from '@/testing/api';
import { createTestI18n } from '@/testing/app';

/** A message key with its numbers, carried one way from the web's own check and from the API. */
describe('validation messages with their numbers (decision 014)', () => {
  const schema = z.object({
    name: personNameSchema,
    amount: amountSchema(ASSET_AMOUNT, {
      grouping: true,
      limits: { min: '10', max: '10000', unit: 'USDT' },
    }),
  });
  const firstMessages = (values: unknown) =>
    Object.fromEntries(
      (schema.safeParse(values).error?.issues ?? []).map((issue) => [
        String(issue.path[0]),
        issue.message,
      ]),
    );

  it('says the limit from the web’s own check, in English and Korean', async () => {
    const messages = firstMessages({ name: '가'.repeat(61), amount: '25,000' });
    expect(messages).toEqual({
      name: 'tooLong?max=60',
      amount: 'amountAboveMax?min=10&max=10000&unit=USDT',
    });
    const en = await createTestI18n('en');
    const ko = await createTestI18n('ko');
    expect(fieldErrorText(en.t, { type: 'custom', message: messages.name })).toBe(
      'Use at most 60 characters.',
    );
    expect(fieldErrorText(ko.t, { type: 'custom', message: messages.name })).toBe(
      '60자 이내로 입력해 주세요.',
    );
    expect(validationText(en.t, messages.amount!)).toBe(
      'This is above the maximum. Per request: at least 10 USDT, at most 10,000 USDT.',
    );
    expect(validationText(ko.t, messages.amount!)).toBe(
      '최대 수량보다 많습니다. 1회 최소 10 USDT, 최대 10,000 USDT까지 신청할 수 있습니다.',
    );
  });

  it('says the limit from the API’s `error.fields`, which stay strings', async () => {
    const placed: Record<string, string | undefined> = {};
    const failure = apiFailure(400, 'VALIDATION_FAILED', {
      fields: { name: 'tooLong?max=60', phone: 'phoneInvalid', email: 'somethingNew?x=1' },
    });
    applyApiErrorToForm(
      failure,
      (field, error) => {
        placed[field] = error.message;
      },
      ['name', 'phone', 'email'],
    );
    expect(placed).toEqual({
      name: 'tooLong?max=60',
      phone: 'phoneInvalid',
      // A key this web does not know reads as the code's message, as before.
      email: 'errors:codes.VALIDATION_FAILED',
    });
    const ko = await createTestI18n('ko');
    expect(fieldErrorText(ko.t, { type: 'server', message: placed.name })).toBe(
      '60자 이내로 입력해 주세요.',
    );
    expect(fieldErrorText(ko.t, { type: 'server', message: placed.phone })).toBe(
      '국내 전화번호를 끝까지 입력해 주세요 (예: 010-1234-5678, 02-123-4567).',
    );
  });
});
