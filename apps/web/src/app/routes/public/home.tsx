/**
 * Home (docs/PRODUCT.md "Screens"): the welcome, what the portal does, how it works, and the sign-in
 * and sign-up dialogs opened by the address. Past 300 lines because its sections are text and
 * layout only, each a few lines used once; cutting them into files would scatter one page.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconCash,
  IconCircleCheck,
  IconClock,
  IconId,
  IconLanguage,
  IconListDetails,
  IconShoppingCart,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_PARAM } from '@/lib/auth/auth-paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUser } from '@/lib/user/user-context';

// The dialogs' forms bring react-hook-form, the contract's schemas and the password fields:
// most visitors of Home never open them, so they load when the URL asks for one.
const AuthDialogs = lazy(() =>
  import('@/features/auth/components/auth-dialogs').then((module) => ({
    default: module.AuthDialogs,
  })),
);

const features: ReadonlyArray<{ key: string; icon: Icon }> = [
  { key: 'buy', icon: IconShoppingCart },
  { key: 'sell', icon: IconCash },
  { key: 'accounts', icon: IconWallet },
  { key: 'transactions', icon: IconListDetails },
  { key: 'verification', icon: IconId },
  { key: 'languages', icon: IconLanguage },
];

const buySteps = ['request', 'transfer', 'match', 'credit'] as const;
const sellSteps = ['reserve', 'payout', 'complete'] as const;
const conditions = ['name', 'amount', 'order'] as const;
const agencyPoints = ['clients', 'transactions', 'bankAccount'] as const;

function CallToAction() {
  const { t } = useTranslation('common');
  const { isSignedIn } = useUser();
  if (isSignedIn) {
    return (
      <Button component={Link} to={paths.app.dashboard} size="md">
        {t('actions.goToDashboard')}
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Button component={Link} to={paths.signUp} size="md">
        {t('actions.signUp')}
      </Button>
      <Button component={Link} to={paths.signIn} size="md" variant="default">
        {t('actions.signIn')}
      </Button>
    </Group>
  );
}

function Steps({ prefix, steps }: { prefix: string; steps: readonly string[] }) {
  const { t } = useTranslation('home');
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 1, sm: 2, lg: steps.length }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {steps.map((step, index) => (
        <Card component="li" key={step} withBorder radius="md" padding="lg">
          <Group gap="sm" mb="xs" wrap="nowrap">
            <ThemeIcon radius="xl" size="md" aria-hidden>
              <Text component="span" fw={700} fz="sm" c="white">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} fz="md">
              {t(`${prefix}.steps.${step}.title`)}
            </Title>
          </Group>
          <Text fz="sm" c="dark.7">
            {t(`${prefix}.steps.${step}.body`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function DepositConditions() {
  const { t } = useTranslation('home');
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="teal.0"
      style={{ borderColor: 'var(--mantine-color-teal-3)' }}
    >
      <Title order={2} fz="lg" mb="sm">
        {t('howToBuy.conditionsTitle')}
      </Title>
      <List
        spacing="xs"
        icon={
          <ThemeIcon color="teal.8" size={22} radius="xl" aria-hidden>
            <IconCircleCheck size={16} />
          </ThemeIcon>
        }
      >
        {conditions.map((condition) => (
          <List.Item key={condition}>
            <Text c="dark.8">{t(`howToBuy.conditions.${condition}`)}</Text>
          </List.Item>
        ))}
      </List>
      <Group gap="xs" mt="md" wrap="nowrap" align="flex-start">
        <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        <Text fz="sm" c="dark.7">
          {t('howToBuy.delayNote')}
        </Text>
      </Group>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('documentTitle'));
  const [searchParams] = useSearchParams();
  const authRequested = searchParams.has(AUTH_PARAM);

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-hero-title"
        py={{ base: 40, sm: 72 }}
        style={{
          background:
            'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)',
        }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" style={{ alignSelf: 'flex-start' }}>
                {t('hero.eyebrow')}
              </Badge>
              <Title id="home-hero-title" order={1} fz={{ base: 30, sm: 44 }} lh={1.2}>
                {t('hero.title')}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dark.7">
                {t('hero.lead')}
              </Text>
              <CallToAction />
            </Stack>
            <DepositConditions />
          </SimpleGrid>
        </Container>
      </Box>

      <Container
        size="lg"
        component="section"
        aria-labelledby="home-features-title"
        py={{ base: 40, sm: 64 }}
      >
        <Title id="home-features-title" order={2} mb="xs">
          {t('features.title')}
        </Title>
        <Text c="dark.7" mb="xl" maw={720}>
          {t('features.lead')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {features.map(({ key, icon: FeatureIcon }) => (
            <Card key={key} withBorder radius="md" padding="lg">
              <ThemeIcon variant="light" size={44} radius="md" mb="md" aria-hidden>
                <FeatureIcon size={24} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {t(`features.items.${key}.title`)}
              </Title>
              <Text fz="sm" c="dark.7">
                {t(`features.items.${key}.body`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box
        component="section"
        aria-labelledby="home-buy-title"
        bg="gray.0"
        py={{ base: 40, sm: 64 }}
      >
        <Container size="lg">
          <Title id="home-buy-title" order={2} mb="xs">
            {t('howToBuy.title')}
          </Title>
          <Text c="dark.7" mb="xl" maw={720}>
            {t('howToBuy.lead')}
          </Text>
          <Steps prefix="howToBuy" steps={buySteps} />
        </Container>
      </Box>

      <Container
        size="lg"
        component="section"
        aria-labelledby="home-sell-title"
        py={{ base: 40, sm: 64 }}
      >
        <Title id="home-sell-title" order={2} mb="xs">
          {t('howToSell.title')}
        </Title>
        <Text c="dark.7" mb="xl" maw={720}>
          {t('howToSell.lead')}
        </Text>
        <Steps prefix="howToSell" steps={sellSteps} />
      </Container>

      <Container
        size="lg"
        component="section"
        aria-labelledby="home-agencies-title"
        pb={{ base: 40, sm: 64 }}
      >
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
                  <IconBuildingBank size={24} />
                </ThemeIcon>
                <Title id="home-agencies-title" order={2}>
                  {t('agencies.title')}
                </Title>
              </Group>
              <Text c="dark.7">{t('agencies.body')}</Text>
              <Button
                component={Link}
                to={paths.aboutUs}
                variant="light"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('agencies.more')}
              </Button>
            </Stack>
            <List
              spacing="sm"
              icon={<IconCircleCheck size={20} color="var(--mantine-color-blue-8)" aria-hidden />}
            >
              {agencyPoints.map((point) => (
                <List.Item key={point}>
                  <Text c="dark.8">{t(`agencies.points.${point}`)}</Text>
                </List.Item>
              ))}
            </List>
          </SimpleGrid>
        </Paper>
      </Container>

      <Box
        component="section"
        aria-labelledby="home-cta-title"
        bg="blue.9"
        py={{ base: 40, sm: 56 }}
      >
        <Container size="lg">
          <Stack gap="md" align="flex-start">
            <Title id="home-cta-title" order={2} c="white">
              {t('cta.title')}
            </Title>
            <Text c="blue.0" maw={640}>
              {t('cta.body')}
            </Text>
            <CtaButtons />
          </Stack>
        </Container>
      </Box>

      {/* Sign-in and sign-up open over Home (decision 004); their code and texts load on first use. */}
      {authRequested && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </>
  );
}

function CtaButtons() {
  const { t } = useTranslation('common');
  const { isSignedIn } = useUser();
  if (isSignedIn) {
    return (
      <Button component={Link} to={paths.app.dashboard} size="md" variant="white">
        {t('actions.goToDashboard')}
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Button component={Link} to={paths.signUp} size="md" variant="white">
        {t('actions.signUp')}
      </Button>
      <Button
        component={Link}
        to={paths.signIn}
        size="md"
        variant="outline"
        color="white"
        style={{ borderColor: 'var(--mantine-color-white)' }}
      >
        {t('actions.signIn')}
      </Button>
    </Group>
  );
}
