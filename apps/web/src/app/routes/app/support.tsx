import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/ui/contact-details';
import { IntermediaryNotice } from '@/components/ui/intermediary-notice';
import { ScreenHeader } from '@/components/ui/screen-header';

export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.support')} description={t('screens.support.description')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            {t('support.contactTitle')}
          </Title>
          <ContactDetails />
        </Paper>
        <IntermediaryNotice />
      </SimpleGrid>
    </>
  );
}
