import { useEffect } from 'react';
import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { paths } from '@/config/paths';

/**
 * The router's error boundary. It may render without either layout and while translations are
 * still missing (a failed chunk or locale load is one way to get here), so it never suspends and
 * every text carries its English fallback.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors', { useSuspense: false });
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound
    ? t('notFound.title', 'We could not find that page')
    : t('generic.title', 'Something went wrong');
  const body = notFound
    ? t('notFound.body', 'The address may be mistyped, or the page may have moved.')
    : t(
        'generic.body',
        'The page could not be shown. Reloading usually helps; if it keeps happening, please contact support.',
      );

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Center component="main" mih="100vh" p="md" style={koreanLineBreaks}>
      <Stack align="center" ta="center" gap="md" maw={520}>
        <ThemeIcon color="red" variant="light" size={72} radius="xl" aria-hidden>
          <IconAlertTriangle size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dark.7">{body}</Text>
        {isRouteErrorResponse(error) && !notFound ? (
          <Code>{t('generic.status', 'Error {{status}}', { status: error.status })}</Code>
        ) : null}
        <Group justify="center" gap="sm" mt="sm">
          {notFound ? null : (
            <Button onClick={() => window.location.reload()}>
              {t('generic.reload', 'Reload the page')}
            </Button>
          )}
          {/* A full navigation, not a router link: the router itself may be what failed. */}
          <Button component="a" href={paths.home} variant={notFound ? 'filled' : 'default'}>
            {t('generic.home', 'Back to home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
