import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useFormSubmit, type FormSubmitOptions } from '@/lib/use-form-submit';
import { apiFailure, networkFailure } from '@/testing/api';

type Values = { email: string; name: string };

function setUp(submit: () => Promise<unknown>, options: Partial<FormSubmitOptions<Values>> = {}) {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: { email: 'a@b.kr', name: '김' } });
    const sent = useFormSubmit(form, submit, { fields: ['email', 'name'], ...options });
    return { form, ...sent };
  });
}

async function send(result: { current: { onSubmit: () => Promise<unknown> } }) {
  await act(async () => {
    await result.current.onSubmit();
  });
}

describe('useFormSubmit, the one way a form is sent', () => {
  it('puts a field the API names on that input, not in the alert', async () => {
    const { result } = setUp(() =>
      Promise.reject(apiFailure(422, 'VALIDATION_FAILED', { fields: { name: 'required' } })),
    );
    await send(result);
    expect(result.current.form.getFieldState('name').error?.message).toBe('required');
    expect(result.current.formError).toBeNull();
  });

  it("says a code that belongs to an input in the code's words, before the field's", async () => {
    const { result } = setUp(
      () => Promise.reject(apiFailure(409, 'EMAIL_TAKEN', { fields: { email: 'invalid' } })),
      { codeFields: { EMAIL_TAKEN: 'email' } },
    );
    await send(result);
    expect(result.current.form.getFieldState('email').error?.message).toBe(
      'errors:codes.EMAIL_TAKEN',
    );
  });

  it('shows what no input can show in the form alert, and clears it on the next send', async () => {
    const submit = vi.fn().mockRejectedValueOnce(networkFailure()).mockResolvedValueOnce(undefined);
    const { result } = setUp(submit);
    await send(result);
    expect(result.current.formError).toBe('errors:network');
    await send(result);
    expect(result.current.formError).toBeNull();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('hands an unplaced refusal to onUnplaced when the form shows it elsewhere', async () => {
    const onUnplaced = vi.fn();
    const refusal = apiFailure(410, 'VERIFICATION_EXPIRED');
    const { result } = setUp(() => Promise.reject(refusal), { onUnplaced });
    await send(result);
    expect(onUnplaced).toHaveBeenCalledWith(refusal);
    expect(result.current.formError).toBeNull();
  });
});
