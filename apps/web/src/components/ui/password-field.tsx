import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readableFieldStyles } from '@/components/ui/field-styles';

/**
 * Mantine's PasswordInput with what it leaves out: `aria-invalid` while it shows an error, a
 * show/hide button named in the page's language rather than in English, and a readable hint.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    const { t } = useTranslation('common');
    return (
      <PasswordInput
        ref={ref}
        aria-invalid={props.error ? true : undefined}
        visibilityToggleButtonProps={{ 'aria-label': t('actions.togglePassword') }}
        styles={readableFieldStyles}
        {...props}
      />
    );
  },
);
