import { Select, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { fieldErrorText } from '@/lib/form-errors';

type FormSelectProps<Values extends FieldValues> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error'
> & {
  control: Control<Values>;
  name: FieldPath<Values>;
  /** Instead of setting the field (to reset the fields that depend on it, say). */
  onChange?: (value: string) => void;
  /** Shown when the field itself has no error: a list of choices that failed to load, say. */
  error?: ReactNode;
};

/**
 * A Select bound to a react-hook-form field holding a string ('' for none): the field's error in
 * the user's language under it, aria-invalid with it, and the portal's readable field style. No
 * choice can be deselected; a list opens over dialogs.
 */
export function FormSelect<Values extends FieldValues>({
  control,
  name,
  onChange,
  error,
  ...props
}: FormSelectProps<Values>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          styles={readableFieldStyles}
          {...props}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(chosen) => (onChange ? onChange(chosen ?? '') : field.onChange(chosen ?? ''))}
          onBlur={field.onBlur}
          aria-invalid={fieldState.error ? true : undefined}
          error={fieldErrorText(t, fieldState.error) ?? error}
        />
      )}
    />
  );
}
