import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DepositInstructions as Instructions } from '@portal/contract/transactions';
import { formatDateTime, formatKrw } from '@/lib/format';
import { CopyValue } from '@/components/ui/copy-value';
import { DepositConditions } from '@/components/transactions/deposit-conditions';

/** What to pay for an open buy, where, and from which name, each with a copy button. */
export function DepositInstructions({
  instructions,
  expiresAt,
}: {
  instructions: Instructions;
  expiresAt: string | null;
}) {
  const { t, i18n } = useTranslation('transactions');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="deposit-instructions-title"
      style={{ borderColor: 'var(--mantine-color-blue-4)' }}
    >
      <Title id="deposit-instructions-title" order={2} fz="lg" mb={4}>
        {t('instructions.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('instructions.lead')}
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <CopyValue
            label={t('instructions.amount')}
            value={formatKrw(t, instructions.amountKrw)}
            copyText={instructions.amountKrw}
          />
          <CopyValue label={t('instructions.depositorName')} value={instructions.depositorName} />
          <CopyValue label={t('instructions.bank')} value={instructions.bankName} />
          <CopyValue
            label={t('instructions.accountNumber')}
            value={instructions.accountNumber}
            mono
          />
          <CopyValue label={t('instructions.holder')} value={instructions.accountHolder} />
        </SimpleGrid>
        {expiresAt ? (
          <Alert color="blue" variant="light" icon={<IconClock aria-hidden />}>
            {t('instructions.expires', { time: formatDateTime(expiresAt, i18n.language) })}
          </Alert>
        ) : null}
        <DepositConditions />
      </Stack>
    </Paper>
  );
}
