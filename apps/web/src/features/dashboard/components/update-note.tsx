import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';

/**
 * docs/PRODUCT.md "Screens": the data updates every several minutes; docs/PRODUCT.md "Live data": changes are also
 * pushed the moment they happen. `updatedAt` is when the figures below were last fetched.
 */
export function UpdateNote({ updatedAt }: { updatedAt?: number }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="md" radius="xl" aria-hidden>
        <IconRefresh size={16} />
      </ThemeIcon>
      <Text fz="sm" c="dark.6">
        {t('updates')}
        {updatedAt
          ? ` ${t('updatedAt', { time: formatTime(new Date(updatedAt).toISOString(), i18n.language) })}`
          : null}
      </Text>
    </Group>
  );
}
