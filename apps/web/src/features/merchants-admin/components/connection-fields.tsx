import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MERCHANT_CONNECTIONS, type CreateMerchantRequest } from '@portal/contract/merchants';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { PasswordField } from '@/components/ui/password-field';

/** Empty optional inputs are absent values, not empty strings the schema would refuse. */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * How the portal talks to the merchant (docs/decisions/007): the built-in sandbox, or a real
 * merchant's HTTP API with its address, key id and write-only secret (a stored secret is kept
 * when the field is left empty).
 */
export function ConnectionFields({
  control,
  register,
  connection,
  hasSecret,
  errorText,
}: {
  control: Control<CreateMerchantRequest>;
  register: UseFormRegister<CreateMerchantRequest>;
  connection: (typeof MERCHANT_CONNECTIONS)[number];
  hasSecret: boolean;
  errorText: (name: 'baseUrl' | 'keyId' | 'secret') => string | undefined;
}) {
  const { t } = useTranslation('merchantsAdmin');
  return (
    <>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="merchant-connection-label">
          {t('fields.connection')}
        </Text>
        <Controller
          control={control}
          name="connection"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="merchant-connection-label"
              value={field.value}
              onChange={(value) => field.onChange(value)}
              data={MERCHANT_CONNECTIONS.map((value) => ({
                value,
                label: t(`connection.${value}`),
              }))}
            />
          )}
        />
        <Text fz="xs" c="dark.6">
          {t(`form.connectionHint.${connection}`)}
        </Text>
      </Stack>
      {connection === 'http' ? (
        <Stack gap="md">
          <TextInput
            label={t('fields.baseUrl')}
            placeholder="https://api.merchant.example"
            styles={readableFieldStyles}
            required
            type="url"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errorText('baseUrl') ? true : undefined}
            error={errorText('baseUrl')}
            {...register('baseUrl', { setValueAs: emptyToUndefined })}
          />
          <TextInput
            label={t('fields.keyId')}
            styles={readableFieldStyles}
            required
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errorText('keyId') ? true : undefined}
            error={errorText('keyId')}
            {...register('keyId', { setValueAs: emptyToUndefined })}
          />
          <PasswordField
            label={t('fields.secret')}
            description={hasSecret ? t('form.secretKeepHint') : t('form.secretHint')}
            required={!hasSecret}
            autoComplete="new-password"
            error={errorText('secret')}
            {...register('secret', { setValueAs: emptyToUndefined })}
          />
        </Stack>
      ) : null}
    </>
  );
}
