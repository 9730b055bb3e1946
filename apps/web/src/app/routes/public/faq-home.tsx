import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FaqList } from '@/components/content/faq-list';
import { ContactDetails } from '@/components/ui/contact-details';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation('faq');
  const title = t('title');
  useDocumentTitle(title);

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="md" mb="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {title}
        </Title>
        <Text c="dark.7">{t('lead')}</Text>
      </Stack>
      <FaqList />
      <Paper withBorder radius="md" p="lg" mt="xl">
        <Title order={2} fz="lg" mb={6}>
          {t('moreHelp.title')}
        </Title>
        <Text c="dark.7" mb="md">
          {t('moreHelp.body')}
        </Text>
        <ContactDetails />
      </Paper>
    </Container>
  );
}
