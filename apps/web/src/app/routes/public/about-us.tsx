import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconScale,
  IconShieldCheck,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IntermediaryNotice } from '@/components/ui/intermediary-notice';
import { useDocumentTitle } from '@/lib/use-document-title';

const principles: ReadonlyArray<{ key: string; icon: Icon }> = [
  { key: 'intermediary', icon: IconWorld },
  { key: 'notExchange', icon: IconScale },
  { key: 'responsibility', icon: IconShieldCheck },
  { key: 'agencies', icon: IconBuildingBank },
];

export function Component() {
  const { t } = useTranslation('about');
  const title = t('title');
  useDocumentTitle(title);

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="md" mb={40}>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {title}
        </Title>
        <Text fz={{ base: 'md', sm: 'lg' }} c="dark.7">
          {t('lead')}
        </Text>
      </Stack>

      <Stack component="section" aria-labelledby="about-role" gap="lg" mb={40}>
        <Title id="about-role" order={2}>
          {t('role.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {principles.map(({ key, icon: PrincipleIcon }) => (
            <Stack key={key} gap="xs">
              <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                <PrincipleIcon size={22} />
              </ThemeIcon>
              <Title order={3} fz="md">
                {t(`role.items.${key}.title`)}
              </Title>
              <Text fz="sm" c="dark.7">
                {t(`role.items.${key}.body`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack component="section" aria-labelledby="about-how" gap="sm" mb={40}>
        <Title id="about-how" order={2}>
          {t('how.title')}
        </Title>
        <Text c="dark.7">{t('how.body')}</Text>
        <Text c="dark.7">{t('how.records')}</Text>
      </Stack>

      <Stack component="section" aria-labelledby="about-commitments" gap="sm" mb={40}>
        <Title id="about-commitments" order={2}>
          {t('commitments.title')}
        </Title>
        <Text c="dark.7">{t('commitments.body')}</Text>
      </Stack>

      <IntermediaryNotice />
    </Container>
  );
}
