import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's mark and name, linking to where `to` points (Home by default in the layouts). */
export function BrandLink({ to, onClick }: { to: string; onClick?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <UnstyledButton component={Link} to={to} onClick={onClick} aria-label={t('brand.homeLink')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
          <IconTransfer size={20} stroke={2} />
        </ThemeIcon>
        <Text component="span" fw={800} fz="lg" c="dark.8" style={{ whiteSpace: 'nowrap' }}>
          {t('brand.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
