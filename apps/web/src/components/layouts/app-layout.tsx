import { lazy, Suspense } from 'react';
import {
  AppShell,
  Badge,
  Box,
  Burger,
  Center,
  Divider,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingBank,
  IconBuildingStore,
  IconChecklist,
  IconHeadset,
  IconHelpCircle,
  IconIdBadge2,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconReportMoney,
  IconShoppingCart,
  IconUserCircle,
  IconUsers,
  IconCash,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/lib/auth/require-auth';
import { useSessionSync } from '@/lib/auth/use-session-sync';
import { useSignOutFlow } from '@/lib/auth/use-sign-out-flow';
import { appNavItems } from '@/components/layouts/nav-items';
import { useIsActive } from '@/components/layouts/use-is-active';
import { useLiveUpdates } from '@/lib/transactions/use-live-updates';
import { usePendingApprovalCount } from '@/lib/approvals/pending-count';
import { useUser } from '@/lib/user/user-context';
import { EmailNotVerified } from '@/components/ui/email-not-verified';
import { BrandLink } from '@/components/ui/brand-link';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { StepUpDialog } from '@/components/ui/step-up-dialog';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';

// Only a signed-out visitor at an unknown /app path sees the public frame here: it loads then.
const PublicLayout = lazy(() =>
  import('@/components/layouts/public-layout').then((module) => ({ default: module.Component })),
);

const icons: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  buy: IconShoppingCart,
  sell: IconCash,
  transactions: IconListDetails,
  accounts: IconWallet,
  profile: IconUserCircle,
  support: IconHeadset,
  faq: IconHelpCircle,
  agencyBankAccount: IconBuildingBank,
  clients: IconUsers,
  clientTransactions: IconReportMoney,
  kycReview: IconIdBadge2,
  merchantsAdmin: IconBuildingStore,
  approvals: IconChecklist,
};

function isPublicRoute(match: { handle: unknown }): boolean {
  return (match.handle as { public?: boolean } | undefined)?.public === true;
}

/**
 * Everything under /app is for signed-in users only, except the not-found page: a signed-out
 * visitor at an unknown /app path gets it in the public frame rather than a sign-in dialog.
 */
export function Component() {
  const { isSignedIn, isLoading } = useUser();
  const publicRoute = useMatches().some(isPublicRoute);
  if (publicRoute && !isLoading && !isSignedIn) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <PublicLayout />
      </Suspense>
    );
  }
  return (
    <RequireAuth>
      <AppFrame />
    </RequireAuth>
  );
}

/** The signed-in frame: header, the sidebar of docs/PRODUCT.md "Screens", and the screen in main. */
function AppFrame() {
  const { t } = useTranslation('common');
  const { role, user, isSignedIn } = useUser();
  const [navOpened, nav] = useDisclosure(false);
  // Transaction changes pushed by the server, for as long as someone is signed in.
  useLiveUpdates(isSignedIn);
  const isActive = useIsActive();
  const onMoneyScreen =
    isActive({ to: paths.app.buy, end: true }) || isActive({ to: paths.app.sell, end: true });
  // What waits for a second operator, beside Approvals in the menu (docs/decisions/017).
  const approvalsWaiting = usePendingApprovalCount(isSignedIn && role === 'operator').data ?? 0;
  const signOutFlow = useSignOutFlow();
  // A sign-out or another user's sign-in in another tab of this browser ends this session too.
  useSessionSync();

  const signOut = () => {
    nav.close();
    void signOutFlow.signOut();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
      style={koreanLineBreaks}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={navOpened}
              onClick={nav.toggle}
              aria-label={navOpened ? t('actions.closeMenu') : t('actions.openMenu')}
              aria-expanded={navOpened}
              aria-controls="app-navbar"
            />
            <BrandLink to={paths.app.dashboard} onClick={nav.close} />
          </Group>
          {user.name ? (
            <Text
              fz="sm"
              c="dark.7"
              truncate="end"
              maw={{ base: 120, xs: 240, sm: 360 }}
              title={user.name}
            >
              <Text component="span" visibleFrom="xs" inherit>
                {t('user.signedInAs')}{' '}
              </Text>
              <Text component="span" fw={600} inherit>
                {user.name}
              </Text>
            </Text>
          ) : null}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="app-navbar" aria-label={t('nav.app')} p="sm">
        {/* The browser's own scrolling, not Mantine's ScrollArea: that one brings @floating-ui
            (15 KB gzip) to every signed-in page for a list that rarely overflows. */}
        <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {appNavItems(role).map((item) => {
              const ItemIcon = icons[item.key] ?? IconListDetails;
              const active = isActive(item);
              return (
                <li key={item.key}>
                  <NavLink
                    component={Link}
                    to={item.to}
                    label={t(`nav.${item.key}`)}
                    leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden />}
                    rightSection={
                      item.key === 'approvals' && approvalsWaiting > 0 ? (
                        <Badge
                          size="sm"
                          variant="filled"
                          // White on Mantine's orange.9 is 4.3:1; red.9 is 5.5:1 (WCAG AA).
                          color="red.9"
                          radius="sm"
                        >
                          {t('nav.approvalsWaiting', { count: approvalsWaiting })}
                        </Badge>
                      ) : undefined
                    }
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={nav.close}
                    fw={500}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                </li>
              );
            })}
          </Box>
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="sm" />
          <Stack gap={6} px="xs" pb="xs">
            <Text fz="sm" fw={600} c="dark.7">
              {t('nav.language')}
            </Text>
            <LanguageSwitch fullWidth size="sm" />
          </Stack>
          <NavLink
            component="button"
            type="button"
            label={t('nav.logout')}
            leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
            onClick={signOut}
            disabled={signOutFlow.isPending}
            fw={500}
            mt="xs"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0" style={{ outline: 'none' }}>
        <Box maw={1200}>
          {/* Buy and Sell say it in their own form, before anything is typed (decision 027). */}
          {user.emailVerified === false && !onMoneyScreen ? (
            <Box mb="lg">
              <EmailNotVerified />
            </Box>
          ) : null}
          {/* A screen's translations load on first use; keep the frame while they do. */}
          <Suspense
            fallback={
              <Center py="xl" aria-busy="true">
                <Loader />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      {/* The one "confirm with your second factor" for any change the API asks it for. */}
      <StepUpDialog />
    </AppShell>
  );
}
