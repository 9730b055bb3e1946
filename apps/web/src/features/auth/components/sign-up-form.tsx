import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signUpRequestSchema, type SignUpRequest } from '@portal/contract/auth';
import type { CurrentUser } from '@portal/contract/users';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { fieldErrorText } from '@/lib/form-errors';
import { useSignUp } from '@/features/auth/api/sign-up';
import { toSupportedLanguage } from '@/lib/i18n';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['name', 'email', 'phone', 'password', 'confirmPassword', 'agencyCode'] as const;

const emptyForm: SignUpRequest = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  agencyCode: '',
};

/**
 * Sign-up, checked with the server's own schema on blur and on submit. The name must be the one on
 * the user's bank account: buy deposits are matched to people by the depositor's name.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (user: CurrentUser) => void }) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signUpRequestSchema),
    mode: 'onBlur',
    defaultValues: emptyForm,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      // A blank agency code means "none", not a code to look up.
      const { agencyCode, ...rest } = values;
      // The page's language: the email confirmation mail is written in it (docs/decisions/027).
      const body = { ...rest, language: toSupportedLanguage(i18n.language) };
      const user = await signUp.mutateAsync(agencyCode ? { ...body, agencyCode } : body);
      onSignedUp(user);
    },
    {
      fields: FIELDS,
      codeFields: {
        EMAIL_TAKEN: 'email',
        AGENCY_CODE_UNKNOWN: 'agencyCode',
      },
    },
  );

  const error = (name: (typeof FIELDS)[number]) => fieldErrorText(t, errors[name]);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('signUp.title')}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('fields.name')}
          description={t('signUp.nameHint')}
          styles={readableFieldStyles}
          autoComplete="name"
          required
          error={error('name')}
          {...register('name')}
        />
        <TextInput
          styles={readableFieldStyles}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={error('email')}
          {...register('email')}
        />
        <TextInput
          styles={readableFieldStyles}
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('fields.phonePlaceholder')}
          required
          error={error('phone')}
          {...register('phone')}
        />
        <PasswordField
          label={t('fields.password')}
          description={t('signUp.passwordHint')}
          autoComplete="new-password"
          required
          error={error('password')}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          error={error('confirmPassword')}
          {...register('confirmPassword')}
        />
        <TextInput
          label={t('fields.agencyCode')}
          description={t('signUp.agencyCodeHint')}
          styles={readableFieldStyles}
          autoComplete="off"
          autoCapitalize="characters"
          error={error('agencyCode')}
          {...register('agencyCode')}
        />
        <Text fz="xs" c="dark.6">
          <Trans
            t={t}
            i18nKey="signUp.agreement"
            // Underlined: links inside a sentence must not rely on colour alone.
            components={{
              terms: (
                <Anchor
                  component={Link}
                  to={paths.terms}
                  target="_blank"
                  underline="always"
                  inherit
                />
              ),
              privacy: (
                <Anchor
                  component={Link}
                  to={paths.privacy}
                  target="_blank"
                  underline="always"
                  inherit
                />
              ),
            }}
          />
        </Text>
        <SubmitButton loading={signUp.isPending} fullWidth>
          {t('signUp.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
