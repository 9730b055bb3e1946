import { lazy, Suspense, useState } from 'react';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { publicNavItems } from '@/components/layouts/nav-items';
import { useIsActive } from '@/components/layouts/use-is-active';
import { BrandLink } from '@/components/ui/brand-link';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { AccountButtons } from '@/components/layouts/account-buttons';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { PublicFooter } from '@/components/layouts/public-footer';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { useSessionSync } from '@/lib/auth/use-session-sync';

const PUBLIC_MENU_ID = 'public-menu';
const HEADER_HEIGHT = 64;
/**
 * react-remove-scroll's class for fixed elements: while a dialog locks the page's scrolling, the
 * header keeps its place where the scrollbar was (what Mantine's AppShell header does).
 */
const KEEP_RIGHT_WHEN_SCROLL_LOCKED = 'right-scroll-bar-position';

// The small-screen menu loads when it is first opened (public-menu.tsx).
const PublicMenu = lazy(() =>
  import('@/components/layouts/public-menu').then((module) => ({ default: module.PublicMenu })),
);

export function Component() {
  const { t } = useTranslation('common');
  const [menuOpened, menu] = useDisclosure(false);
  // Once asked for, the menu stays mounted, so it closes (and opens again) with its transition.
  const [menuWanted, setMenuWanted] = useState(false);
  const isActive = useIsActive();
  // Home's "Go to dashboard" follows a sign-out or sign-in in another tab of this browser.
  useSessionSync();

  // A fixed header over the page, laid out as Mantine's AppShell would (header 64 px, bordered,
  // z-index 100) without the AppShell itself, whose navbar, aside, resizing and scroll lock code
  // the public pages never use.
  return (
    <Box style={koreanLineBreaks}>
      <SkipLink />
      <Box
        component="header"
        className={KEEP_RIGHT_WHEN_SCROLL_LOCKED}
        pos="fixed"
        top={0}
        left={0}
        right={0}
        h={HEADER_HEIGHT}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
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
              onClick={() => {
                setMenuWanted(true);
                menu.toggle();
              }}
              aria-label={menuOpened ? t('actions.closeMenu') : t('actions.openMenu')}
              aria-expanded={menuOpened}
              aria-controls={PUBLIC_MENU_ID}
            />
          </Group>
        </Container>
      </Box>

      {menuWanted ? (
        <Suspense fallback={null}>
          <PublicMenu id={PUBLIC_MENU_ID} opened={menuOpened} onClose={menu.close} />
        </Suspense>
      ) : null}

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        pt={HEADER_HEIGHT}
        mih="100dvh"
        style={{ outline: 'none', display: 'flex', flexDirection: 'column' }}
      >
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <PublicFooter />
      </Box>
    </Box>
  );
}
