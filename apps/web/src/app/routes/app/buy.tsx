import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { BuyForm } from '@/features/buy/components/buy-form';
import { RecentRequests } from '@/features/transactions/components/recent-requests';

export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.buy')} description={t('screens.buy.description')} />
      <Stack gap="xl">
        <BuyForm />
        <RecentRequests type="buy" />
      </Stack>
    </>
  );
}
