import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  verifyAccountRequestSchema,
  type VerifyAccountRequest,
  type VerifyAccountResponse,
} from '@portal/contract/accounts';
import type { OpenedSandboxAccount } from '@portal/contract/sandbox';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormSelect } from '@/components/ui/form-select';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useMerchants } from '@/lib/merchant-accounts/get-merchants';
import { useVerifyAccount } from '@/features/accounts/api/verify-account';
import { OpenSandboxAccountDialog } from '@/features/accounts/components/open-sandbox-account-dialog';
import { SaveVerifiedAccount } from '@/features/accounts/components/save-verified-account';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['merchantId', 'accountNumber', 'password'] as const;
const EMPTY: VerifyAccountRequest = { merchantId: '', accountNumber: '', password: '' };

/**
 * "Add a new account" (docs/PRODUCT.md "Screens"): choose a merchant, enter the account number and password,
 * verify them with the merchant, then save the verified account. Changing any of the three after
 * verifying drops the verification: what is saved is always what the merchant confirmed.
 */
export function AddAccountForm() {
  const { t } = useTranslation(['accounts', 'validation', 'errors']);
  const merchants = useMerchants();
  const verify = useVerifyAccount();
  const [verified, setVerified] = useState<VerifyAccountResponse | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [sandboxOpen, setSandboxOpen] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    subscribe,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(verifyAccountRequestSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });

  // What was verified is what gets saved: any change to the three fields drops the verification.
  useEffect(
    () =>
      subscribe({
        name: [...FIELDS],
        formState: { values: true },
        callback: () => setVerified(null),
      }),
    [subscribe],
  );

  const {
    onSubmit: onVerify,
    formError,
    setFormError,
  } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      setVerified(null);
      setVerified(await verify.mutateAsync(values));
    },
    {
      fields: FIELDS,
      codeFields: {
        MERCHANT_ACCOUNT_REJECTED: 'password',
        ACCOUNT_ALREADY_SAVED: 'accountNumber',
        MERCHANT_NOT_AVAILABLE: 'merchantId',
      },
    },
  );

  const onSaved = (name: string) => {
    toast('success', { message: t('add.saved', { name }) });
    // Leave the emptied fields without the focus: blurring one later would flag it as required.
    // The card's title takes it, ready for another account.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    reset(EMPTY);
    titleRef.current?.focus();
    setVerified(null);
    setFormError(null);
  };

  const onSaveFailed = (error: unknown) => {
    // An expired verification (or one that became a duplicate) means verifying again.
    const code = apiErrorOf(error)?.code;
    if (code === 'VERIFICATION_EXPIRED' || code === 'ACCOUNT_ALREADY_SAVED') setVerified(null);
    setFormError(errorMessage(t, error));
  };

  const sandboxMerchants = (merchants.data ?? []).filter((merchant) => merchant.sandbox);

  // A new sandbox account fills the form; the user still verifies and saves it, the normal path.
  const onLinkSandbox = (account: OpenedSandboxAccount) => {
    setSandboxOpen(false);
    setFormError(null);
    reset({
      merchantId: account.merchant.id,
      accountNumber: account.accountNumber,
      password: account.password,
    });
    setVerified(null);
    formRef.current?.scrollIntoView({ block: 'center' });
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };

  const merchantOptions = (merchants.data ?? []).map((merchant) => ({
    value: merchant.id,
    label: t('add.merchantOption', { name: merchant.name, asset: merchant.asset }),
  }));
  const verifiedMerchant = merchants.data?.find((merchant) => merchant.id === verified?.merchantId);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="add-account-title"
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
        <Title id="add-account-title" ref={titleRef} tabIndex={-1} order={2} fz="lg">
          {t('add.title')}
        </Title>
        {sandboxMerchants.length > 0 ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconFlask size={16} aria-hidden />}
            onClick={() => setSandboxOpen(true)}
          >
            {t('sandbox.button')}
          </Button>
        ) : null}
      </Group>
      <Text fz="sm" c="dark.6" mb="md" maw={720}>
        {t('add.lead')}
      </Text>
      <Stack gap="md">
        <FormAlert message={formError} />
        <form
          ref={formRef}
          onSubmit={(event) => void onVerify(event)}
          noValidate
          aria-label={t('add.title')}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <FormSelect
                control={control}
                name="merchantId"
                label={t('fields.merchant')}
                placeholder={
                  merchants.isPending ? t('add.merchantsLoading') : t('add.merchantPlaceholder')
                }
                data={merchantOptions}
                nothingFoundMessage={t('add.noMerchants')}
                required
                disabled={merchants.isError}
                error={merchants.isError ? errorMessage(t, merchants.error) : undefined}
              />
              <TextInput
                label={t('fields.accountNumber')}
                description={t('add.accountNumberHint')}
                styles={readableFieldStyles}
                autoComplete="off"
                spellCheck={false}
                required
                aria-invalid={errors.accountNumber ? true : undefined}
                error={fieldErrorText(t, errors.accountNumber)}
                {...register('accountNumber')}
              />
            </SimpleGrid>
            <PasswordField
              label={t('fields.password')}
              description={t('add.passwordHint')}
              autoComplete="off"
              required
              error={fieldErrorText(t, errors.password)}
              {...register('password')}
            />
            <Group justify="flex-end">
              <SubmitButton
                variant={verified ? 'light' : 'filled'}
                loading={verify.isPending}
                disabled={verified !== null}
              >
                {verified ? t('add.verifiedButton') : t('add.verify')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>

        {verified ? (
          <>
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck aria-hidden />}
              title={t('add.verifiedTitle')}
              role="status"
            >
              <Stack gap={4}>
                <Text fz="sm">
                  {t('add.holder')}: <strong>{verified.holderName}</strong>
                </Text>
                <Text fz="sm">
                  {t('fields.accountNumber')}: <strong>{verified.accountNumber}</strong>
                  {verifiedMerchant ? ` · ${verifiedMerchant.name}` : ''}
                </Text>
              </Stack>
            </Alert>
            <SaveVerifiedAccount
              key={verified.verificationId}
              verification={verified}
              onSaved={onSaved}
              onFailed={onSaveFailed}
              onCancel={() => setVerified(null)}
            />
          </>
        ) : null}
      </Stack>
      <OpenSandboxAccountDialog
        opened={sandboxOpen}
        merchants={sandboxMerchants}
        onClose={() => setSandboxOpen(false)}
        onLink={onLinkSandbox}
      />
    </Paper>
  );
}
