import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Merchant } from '@portal/contract/merchants';
import {
  openSandboxAccountRequestSchema,
  type OpenedSandboxAccount,
  type OpenSandboxAccountRequest,
} from '@portal/contract/sandbox';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { FormSelect } from '@/components/ui/form-select';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useOpenSandboxAccount } from '@/features/accounts/api/open-sandbox-account';
import { useFormSubmit } from '@/lib/use-form-submit';

/**
 * Opens a test account at a sandbox merchant (docs/decisions/011): choose the merchant, open,
 * then see the number and password once. "Link this account" hands both to the add-account form,
 * where the user still verifies and saves, the normal path.
 */
export function OpenSandboxAccountDialog({
  opened,
  merchants,
  onClose,
  onLink,
}: {
  opened: boolean;
  merchants: Merchant[];
  onClose: () => void;
  onLink: (account: OpenedSandboxAccount) => void;
}) {
  const { t } = useTranslation(['accounts', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sandbox.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <OpenSandboxAccount merchants={merchants} onLink={onLink} /> : null}
    </Modal>
  );
}

function OpenSandboxAccount({
  merchants,
  onLink,
}: {
  merchants: Merchant[];
  onLink: (account: OpenedSandboxAccount) => void;
}) {
  const { t } = useTranslation(['accounts', 'common', 'validation', 'errors']);
  const openAccount = useOpenSandboxAccount();
  const [account, setAccount] = useState<OpenedSandboxAccount | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(openSandboxAccountRequestSchema),
    defaultValues: {
      merchantId: merchants.length === 1 ? merchants[0]!.id : '',
    } satisfies OpenSandboxAccountRequest,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      setAccount(await openAccount.mutateAsync(values));
    },
    {
      fields: ['merchantId'],
      codeFields: {
        MERCHANT_NOT_AVAILABLE: 'merchantId',
        MERCHANT_NOT_SANDBOX: 'merchantId',
      },
    },
  );

  if (account) return <OpenedAccount account={account} onLink={() => onLink(account)} />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('sandbox.title')}>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('sandbox.lead')}
        </Text>
        <FormAlert message={formError} />
        <FormSelect
          control={control}
          name="merchantId"
          label={t('fields.merchant')}
          placeholder={t('add.merchantPlaceholder')}
          data={merchants.map((merchant) => ({
            value: merchant.id,
            label: t('add.merchantOption', { name: merchant.name, asset: merchant.asset }),
          }))}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <SubmitButton loading={openAccount.isPending}>{t('sandbox.open')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function OpenedAccount({ account, onLink }: { account: OpenedSandboxAccount; onLink: () => void }) {
  const { t } = useTranslation(['accounts']);
  return (
    <Stack gap="md">
      <Text fz="sm" role="status">
        {t('sandbox.opened', { merchant: account.merchant.name, holder: account.holderName })}
      </Text>
      <CopyField label={t('fields.accountNumber')} value={account.accountNumber} />
      <CopyField label={t('fields.password')} value={account.password} />
      <Text fz="sm">
        {t('sandbox.balance')}:{' '}
        <strong>
          {groupDigits(account.balance)} {account.merchant.asset}
        </strong>
      </Text>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {t('sandbox.passwordOnce')}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onLink}>{t('sandbox.link')}</Button>
      </Group>
    </Stack>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation(['accounts']);
  return (
    <div>
      <Text fz="sm" fw={600} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="md" style={{ overflowWrap: 'anywhere' }} aria-label={label}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('sandbox.copied') : t('sandbox.copy')} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                size="lg"
                onClick={copy}
                aria-label={t('sandbox.copyLabel', { what: label })}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
