import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { SellForm } from '@/features/sell/components/sell-form';
import { RecentRequests } from '@/features/transactions/components/recent-requests';

export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.sell')} description={t('screens.sell.description')} />
      <Stack gap="xl">
        <SellForm />
        <RecentRequests type="sell" />
      </Stack>
    </>
  );
}
