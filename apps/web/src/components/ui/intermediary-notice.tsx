import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What the operator is and is not (docs/PRODUCT.md "What the portal is"): an intermediary and indirect service provider
 * to international payment gateways, not an investment exchange; each user answers for the
 * content of their transactions; it works with authorised Korean agencies.
 */
export function IntermediaryNotice({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('common');
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="blue.0"
      style={{ borderColor: 'var(--mantine-color-blue-2)' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color="blue" size="lg" radius="xl" aria-hidden>
          <IconInfoCircle size={20} />
        </ThemeIcon>
        <div>
          <Title order={headingOrder} fz="md" mb={6}>
            {t('disclaimer.title')}
          </Title>
          <Text fz="sm" c="dark.7">
            {t('disclaimer.body')}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
