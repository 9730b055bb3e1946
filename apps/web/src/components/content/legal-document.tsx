import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toDocumentSections, toStringList } from '@/components/content/translated-content';

/**
 * A policy page of the `legal` namespace: `<doc>.title`, `<doc>.effective`, `<doc>.intro` (a list
 * of paragraphs) and `<doc>.sections` (numbered headings with paragraphs and optional bullets).
 */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const title = t(`${doc}.title`);
  useDocumentTitle(title);
  const intro = toStringList(t(`${doc}.intro`, { returnObjects: true }));
  const sections = toDocumentSections(t(`${doc}.sections`, { returnObjects: true }));

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {title}
        </Title>
        <Text c="gray.7" fz="sm">
          {t(`${doc}.effective`)}
        </Text>
      </Stack>
      <Stack gap="sm" mb="xl">
        {intro.map((paragraph, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
      </Stack>
      <Stack component="ol" gap="xl" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section, index) => (
          <Stack component="li" key={index} gap="xs">
            <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
              {t(`${doc}.sectionHeading`, { number: index + 1, heading: section.heading })}
            </Title>
            {section.paragraphs.map((paragraph, paragraphIndex) => (
              <Text key={paragraphIndex} c="dark.7">
                {paragraph}
              </Text>
            ))}
            {section.items ? (
              <List spacing={6} c="dark.7" withPadding>
                {section.items.map((item, itemIndex) => (
                  <List.Item key={itemIndex}>{item}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
