import { groupDigits } from '@portal/contract/decimal';
import { zodResolver } from '@hookform/resolvers/zod';
import { typedAssetAmountSchema } from '@portal/contract/money';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OperatorMerchant } from '@portal/contract/merchants';
import {
  topUpSandboxAccountRequestSchema,
  type OperatorSandboxAccount,
  type TopUpSandboxAccountRequest,
} from '@portal/contract/sandbox';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { CardList } from '@/components/ui/card-list';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { ListState } from '@/components/ui/list-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatKoreaDateTime } from '@/lib/format';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import {
  useCloseSandboxAccount,
  useSandboxAccounts,
  useTopUpSandboxAccount,
} from '@/features/merchants-admin/api/sandbox-accounts';
import { usePhone } from '@/lib/use-phone';
import { useFormSubmit } from '@/lib/use-form-submit';

/**
 * A sandbox merchant's accounts (docs/decisions/011): who opened each, its balance, and the
 * operator's two actions, Top up and Close.
 */
export function SandboxAccountsDialog({
  merchant,
  onClose,
}: {
  merchant: OperatorMerchant | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['merchantsAdmin', 'common']);
  const phone = usePhone();
  return (
    <Modal
      opened={merchant !== null}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t('sandboxAccounts.title', { name: merchant?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {merchant ? <SandboxAccounts merchant={merchant} /> : null}
    </Modal>
  );
}

function SandboxAccounts({ merchant }: { merchant: OperatorMerchant }) {
  const { t, i18n } = useTranslation(['merchantsAdmin', 'errors']);
  const accounts = useSandboxAccounts(merchant.id);
  const closeAccount = useCloseSandboxAccount();
  const [toppingUp, setToppingUp] = useState<OperatorSandboxAccount | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  // The account stays set while the dialogs fade out, so their titles never lose the number.
  const [closing, setClosing] = useState<OperatorSandboxAccount | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const items = accounts.data ?? [];

  const onClose = async (account: OperatorSandboxAccount) => {
    try {
      await closeAccount.mutateAsync({
        merchantId: merchant.id,
        accountNumber: account.accountNumber,
      });
      toast('success', {
        message: t('sandboxAccounts.closed', { number: account.accountNumber }),
      });
    } catch (error) {
      toast('error', { message: errorMessage(t, error) });
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dark.7">
        {t('sandboxAccounts.lead')}
      </Text>
      <Paper withBorder radius="md">
        <ListState
          query={accounts}
          isEmpty={items.length === 0}
          empty={{ icon: IconWallet, title: t('sandboxAccounts.empty') }}
        >
          <CardList
            items={items}
            label={t('sandboxAccounts.listLabel')}
            itemKey={(account) => account.accountNumber}
          >
            {(account) => (
              <>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} ff="monospace">
                    {account.accountNumber}
                  </Text>
                  <Badge color={account.closedAt ? 'gray' : 'teal'} variant="light" size="sm">
                    {t(account.closedAt ? 'sandboxAccounts.statusClosed' : 'sandboxAccounts.open')}
                  </Badge>
                </Group>
                <Text fz="sm">
                  {t('sandboxAccounts.holder', { name: account.holderName })} ·{' '}
                  <strong>
                    {groupDigits(account.balance)} {merchant.asset}
                  </strong>
                </Text>
                <Text fz="xs" c="dark.6">
                  {account.openedBy
                    ? t('sandboxAccounts.openedBy', {
                        name: account.openedBy.name,
                        email: account.openedBy.email,
                        when: formatKoreaDateTime(account.openedAt, i18n.language),
                      })
                    : t('sandboxAccounts.seeded', {
                        when: formatKoreaDateTime(account.openedAt, i18n.language),
                      })}
                  {account.closedAt
                    ? ` · ${t('sandboxAccounts.closedAt', {
                        when: formatKoreaDateTime(account.closedAt, i18n.language),
                      })}`
                    : ''}
                </Text>
                {account.closedAt ? null : (
                  <Group gap={6} mt={6}>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('sandboxAccounts.topUpLabel', {
                        number: account.accountNumber,
                      })}
                      onClick={() => {
                        setToppingUp(account);
                        setTopUpOpen(true);
                      }}
                    >
                      {t('sandboxAccounts.topUp')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('sandboxAccounts.closeLabel', {
                        number: account.accountNumber,
                      })}
                      onClick={() => {
                        setClosing(account);
                        setConfirmOpen(true);
                      }}
                    >
                      {t('sandboxAccounts.close')}
                    </Button>
                  </Group>
                )}
              </>
            )}
          </CardList>
        </ListState>
      </Paper>
      <TopUpDialog
        merchant={merchant}
        account={toppingUp}
        opened={topUpOpen}
        onClose={() => setTopUpOpen(false)}
      />
      <ConfirmDialog
        opened={confirmOpen}
        title={t('sandboxAccounts.closeTitle', { number: closing?.accountNumber ?? '' })}
        message={t('sandboxAccounts.closeMessage')}
        confirmLabel={t('sandboxAccounts.close')}
        loading={closeAccount.isPending}
        onConfirm={() => closing && void onClose(closing)}
        onClose={() => setConfirmOpen(false)}
      />
    </Stack>
  );
}

function TopUpDialog({
  merchant,
  account,
  opened,
  onClose,
}: {
  merchant: OperatorMerchant;
  account: OperatorSandboxAccount | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['merchantsAdmin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sandboxAccounts.topUpTitle', { number: account?.accountNumber ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened && account ? (
        <TopUpForm merchant={merchant} account={account} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function TopUpForm({
  merchant,
  account,
  onDone,
}: {
  merchant: OperatorMerchant;
  account: OperatorSandboxAccount;
  onDone: () => void;
}) {
  const { t } = useTranslation(['merchantsAdmin', 'common', 'validation', 'errors']);
  const topUp = useTopUpSandboxAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    // The amount as typed ("1,000"), sent as a plain decimal (decision 014).
    resolver: zodResolver(
      topUpSandboxAccountRequestSchema.extend({ amount: typedAssetAmountSchema }),
    ),
    mode: 'onBlur',
    defaultValues: { amount: '' } satisfies TopUpSandboxAccountRequest,
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const saved = await topUp.mutateAsync({
        merchantId: merchant.id,
        accountNumber: account.accountNumber,
        body: values,
      });
      toast('success', {
        message: t('sandboxAccounts.toppedUp', {
          number: saved.accountNumber,
          balance: `${groupDigits(saved.balance)} ${merchant.asset}`,
        }),
      });
      onDone();
    },
    { fields: ['amount'] },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('sandboxAccounts.amount', { asset: merchant.asset })}
          description={t('sandboxAccounts.amountHint', {
            balance: `${groupDigits(account.balance)} ${merchant.asset}`,
          })}
          styles={readableFieldStyles}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          aria-invalid={errors.amount ? true : undefined}
          error={fieldErrorText(t, errors.amount)}
          {...register('amount')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={topUp.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={topUp.isPending}>{t('sandboxAccounts.topUp')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
