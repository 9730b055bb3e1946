import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListState } from '@/components/ui/list-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { DepositAccountCard } from '@/components/transactions/deposit-account-card';
import { DepositConditions } from '@/components/transactions/deposit-conditions';
import { useUser } from '@/lib/user/user-context';
import { useAgencyBankAccount } from '@/features/agency-bank-account/api/get-agency-bank-account';
import { BankAccountForm } from '@/features/agency-bank-account/components/bank-account-form';
import { ProposedAccount } from '@/features/agency-bank-account/components/proposed-account';

/**
 * Partner Agency Bank Account (docs/PRODUCT.md "Screens"). A client sees where to transfer the won of a buy,
 * with copy buttons; an agency user also keeps that account up to date. Operators manage every
 * agency's account with the agencies themselves.
 */
export function AgencyBankAccountScreen() {
  const { t } = useTranslation(['common', 'agencyBankAccount']);
  const { role } = useUser();
  return (
    <>
      <ScreenHeader
        title={t('common:nav.agencyBankAccount')}
        description={t(`agencyBankAccount:lead.${role}`)}
      />
      {role === 'operator' ? (
        <Alert color="blue" variant="light" icon={<IconBuildingBank aria-hidden />}>
          {t('agencyBankAccount:operatorNote')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="lg">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <DepositAccountCard />
            </Paper>
            <SafetyNote />
          </Stack>
          {role === 'agency' ? <AgencyEditor /> : <ConditionsCard />}
        </SimpleGrid>
      )}
    </>
  );
}

function SafetyNote() {
  const { t } = useTranslation('agencyBankAccount');
  return (
    <Alert color="orange" variant="light" icon={<IconShieldCheck aria-hidden />}>
      {t('safety')}
    </Alert>
  );
}

function ConditionsCard() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <DepositConditions />
    </Paper>
  );
}

/** The agency's own account: who it is for, and the form that changes it. */
function AgencyEditor() {
  const { t } = useTranslation('agencyBankAccount');
  const current = useAgencyBankAccount();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="agency-bank-account-form-title"
    >
      <Title id="agency-bank-account-form-title" order={2} fz="lg" mb={4}>
        {t('form.title')}
      </Title>
      {current.data ? (
        <Text fz="sm" fw={600} mb={4}>
          {t('form.agency', { name: current.data.agency.name, code: current.data.agency.code })}
        </Text>
      ) : null}
      <Text fz="sm" c="dark.6" mb="md">
        {t('form.lead')}
      </Text>
      <ListState
        query={current}
        isEmpty={false}
        empty={{ icon: IconBuildingBank, title: '' }}
        loadingLabel={t('form.loading')}
        retryLabel={t('form.retry')}
      >
        {current.data ? (
          <Stack gap="md">
            <ProposedAccount
              proposal={current.data.proposal}
              lastRejected={current.data.lastRejected}
            />
            {/* A new proposal (or none any more) starts the form again from the account in force. */}
            <BankAccountForm
              key={current.data.proposal?.id ?? 'none'}
              account={current.data.account}
            />
          </Stack>
        ) : null}
      </ListState>
    </Paper>
  );
}
