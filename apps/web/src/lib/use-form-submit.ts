import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiErrorToForm, errorMessage, type CodeFields } from '@/lib/form-errors';

export interface FormSubmitOptions<T extends FieldValues> {
  /** The inputs an API refusal may name in `error.fields`. */
  fields: readonly Path<T>[];
  /** Error codes that belong to one input (EMAIL_TAKEN -> email). */
  codeFields?: CodeFields<T>;
  /** What to do with a refusal no input can show; by default the form's alert says it. */
  onUnplaced?: (error: unknown) => void;
}

/**
 * The one way a form is sent: the form's alert is cleared, `submit` runs with the valid values,
 * and a refusal lands on the input it is about (by the API's `error.fields` or by its code), or
 * else in the form's alert in the reader's language (`formError`, for `<FormAlert>`). `submit`
 * may also put a message of its own in the alert (`setFormError`), for a check it makes itself.
 */
export function useFormSubmit<T extends FieldValues, Valid = T>(
  form: { handleSubmit: UseFormHandleSubmit<T, Valid>; setError: UseFormSetError<T> },
  submit: (values: Valid, form: { setFormError: (message: string) => void }) => Promise<unknown>,
  { fields, codeFields, onUnplaced }: FormSubmitOptions<T>,
) {
  const { t } = useTranslation('errors');
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit: (event?: BaseSyntheticEvent) => Promise<unknown> = form.handleSubmit(
    async (values: Valid) => {
      setFormError(null);
      try {
        await submit(values, { setFormError });
      } catch (error) {
        if (applyApiErrorToForm(error, form.setError, fields, codeFields)) return;
        if (onUnplaced) onUnplaced(error);
        else setFormError(errorMessage(t, error));
      }
    },
  );
  return { onSubmit, formError, setFormError };
}
