import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUser } from '@/lib/user/user-context';

/** The catch-all page (docs/PRODUCT.md "Errors and notices"), inside whichever layout the unknown path fell under. */
export function Component() {
  const { t } = useTranslation('errors');
  const { isSignedIn } = useUser();
  const title = t('notFound.title');
  useDocumentTitle(title);

  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon variant="light" size={72} radius="xl" aria-hidden>
          <IconMapSearch size={40} />
        </ThemeIcon>
        <Text fw={700} c="blue.8" fz="sm">
          {t('notFound.code')}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {title}
        </Title>
        <Text c="dark.7" maw={480}>
          {t('notFound.body')}
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button component={Link} to={paths.home} variant={isSignedIn ? 'default' : 'filled'}>
            {t('notFound.home')}
          </Button>
          {isSignedIn ? (
            <Button component={Link} to={paths.app.dashboard}>
              {t('notFound.dashboard')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Container>
  );
}
