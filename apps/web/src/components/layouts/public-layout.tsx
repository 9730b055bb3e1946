import {
  AppShell,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { publicNavItems } from '@/features/navigation/nav-items';
import { useIsActive } from '@/features/navigation/use-is-active';
import { useUser } from '@/lib/user/user-context';
import { BrandLink } from '@/components/ui/brand-link';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { koreanLineBreaks } from './korean-line-breaks';
import { PublicFooter } from './public-footer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Sign in / Sign up, or the way into the portal for someone already signed in. */
function AccountButtons({
  onNavigate,
  fullWidth = false,
}: {
  onNavigate?: () => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('common');
  const { isSignedIn } = useUser();
  if (isSignedIn) {
    return (
      <Button component={Link} to={paths.app.dashboard} onClick={onNavigate} fullWidth={fullWidth}>
        {t('actions.goToDashboard')}
      </Button>
    );
  }
  return (
    <>
      <Button
        component={Link}
        to={paths.signIn}
        variant="default"
        onClick={onNavigate}
        fullWidth={fullWidth}
      >
        {t('actions.signIn')}
      </Button>
      <Button component={Link} to={paths.signUp} onClick={onNavigate} fullWidth={fullWidth}>
        {t('actions.signUp')}
      </Button>
    </>
  );
}

export function Component() {
  const { t } = useTranslation('common');
  const [menuOpened, menu] = useDisclosure(false);
  const isActive = useIsActive();

  return (
    <AppShell header={{ height: 64 }} padding={0} style={koreanLineBreaks}>
      <SkipLink />
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLink to={paths.home} />
            <Box component="nav" aria-label={t('nav.main')} visibleFrom="md">
              <Group gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} wrap="nowrap">
                {publicNavItems.map((item) => (
                  <li key={item.key}>
                    <Button
                      component={Link}
                      to={item.to}
                      aria-current={isActive(item) ? 'page' : undefined}
                      variant={isActive(item) ? 'light' : 'subtle'}
                      color={isActive(item) ? 'blue' : 'dark'}
                      px="sm"
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {t(`nav.${item.key}`)}
                    </Button>
                  </li>
                ))}
              </Group>
            </Box>
            <Group gap="sm" wrap="nowrap" visibleFrom="md">
              <LanguageSwitch />
              <AccountButtons />
            </Group>
            <Burger
              hiddenFrom="md"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={menuOpened ? t('actions.closeMenu') : t('actions.openMenu')}
              aria-expanded={menuOpened}
              aria-controls="public-menu"
            />
          </Group>
        </Container>
      </AppShell.Header>

      <Drawer
        id="public-menu"
        opened={menuOpened}
        onClose={menu.close}
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
                onClick={menu.close}
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
            <AccountButtons onNavigate={menu.close} fullWidth />
          </Stack>
        </Stack>
      </Drawer>

      <AppShell.Main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ outline: 'none', display: 'flex', flexDirection: 'column' }}
      >
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <PublicFooter />
      </AppShell.Main>
    </AppShell>
  );
}
