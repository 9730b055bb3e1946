import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText } from '@/lib/form-errors';
import { useFormSubmit } from '@/lib/use-form-submit';

type CodeValues = { code: string };

/**
 * The one way to write a form whose only input is a two-factor code (docs/SECURITY.md
 * "Two-factor sign-in"): the sign-in's second step, the staff's first code, the Profile's first
 * code and new recovery codes, and the step-up dialog. `schema` reads the code (an app's code or
 * a recovery code); `send` gets the valid values, as `useFormSubmit`'s submit does. A wrong code
 * (SECOND_FACTOR_INVALID) is said on the input, anything else no input can show in the alert.
 *
 * Spread `codeFieldProps` on the form's `<CodeField>` and show `formError` in its `<FormAlert>`;
 * the label, `digitsOnly` and how the input takes the focus stay the form's own. Turning two-factor
 * sign-in off keeps a form of its own, as it asks for the password too.
 */
export function useCodeForm<Valid>(
  schema: z.ZodType<Valid, CodeValues>,
  send: (values: Valid, form: { setFormError: (message: string) => void }) => Promise<unknown>,
) {
  const { t } = useTranslation(['validation', 'errors']);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeValues, unknown, Valid>({
    resolver: zodResolver(schema),
    // Said when the code is sent, not when the input loses the focus: a dialog that moves the
    // focus as it opens would otherwise call an untouched input empty before anything is typed.
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const { onSubmit, formError } = useFormSubmit({ handleSubmit, setError }, send, {
    fields: ['code'],
    codeFields: { SECOND_FACTOR_INVALID: 'code' },
  });
  const codeFieldProps = {
    required: true,
    error: fieldErrorText(t, errors.code),
    ...register('code'),
  };
  return { onSubmit, formError, codeFieldProps };
}
