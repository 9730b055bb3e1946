import { Box, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { publicNavItems } from '@/components/layouts/nav-items';
import { useIsActive } from '@/components/layouts/use-is-active';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { AccountButtons } from '@/components/layouts/account-buttons';

/**
 * The public header's menu on small screens. Loaded the first time the menu button is pressed
 * (public-layout.tsx): the drawer brings its scroll area, focus trap and scroll lock (and through
 * them @floating-ui), which a page that never opens the menu does not need.
 */
export function PublicMenu({
  id,
  opened,
  onClose,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const isActive = useIsActive();
  // Mounted closed, then opened: the drawer slides in the first time as it does every time after.
  const mounted = useMounted();

  return (
    <Drawer
      id={id}
      opened={opened && mounted}
      onClose={onClose}
      position="right"
      size="xs"
      title={<Text fw={700}>{t('nav.menu')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.closeMenu') }}
    >
      <Stack gap="md">
        <Box component="nav" aria-label={t('nav.main')}>
          {publicNavItems.map((item) => (
            <NavLink
              key={item.key}
              component={Link}
              to={item.to}
              active={isActive(item)}
              aria-current={isActive(item) ? 'page' : undefined}
              label={t(`nav.${item.key}`)}
              onClick={onClose}
            />
          ))}
        </Box>
        <Divider />
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {t('nav.language')}
          </Text>
          <LanguageSwitch fullWidth size="sm" />
        </Stack>
        <Divider />
        <Stack gap="xs">
          <AccountButtons onNavigate={onClose} fullWidth />
        </Stack>
      </Stack>
    </Drawer>
  );
}
