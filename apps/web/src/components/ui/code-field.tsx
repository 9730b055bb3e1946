import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { readableFieldStyles } from '@/components/ui/field-styles';

/**
 * The input for a two-factor code (docs/SECURITY.md "Two-factor sign-in"): the phone may offer
 * the code it received (`one-time-code`), and nothing corrects or capitalises what is typed.
 * `digitsOnly` for an authenticator app's six digits (a number keypad); otherwise letters too,
 * for a recovery code.
 */
export const CodeField = forwardRef<HTMLInputElement, TextInputProps & { digitsOnly?: boolean }>(
  function CodeField({ digitsOnly = false, ...props }, ref) {
    return (
      <TextInput
        ref={ref}
        styles={readableFieldStyles}
        inputMode={digitsOnly ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCorrect="off"
        autoCapitalize={digitsOnly ? 'off' : 'characters'}
        spellCheck={false}
        {...props}
      />
    );
  },
);
