import { Anchor, Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { publicNavItems } from '@/components/layouts/nav-items';

export function PublicFooter() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="footer"
      bg="gray.0"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Stack gap="md">
          <Text fw={700}>{t('brand.name')}</Text>
          <Text fz="sm" c="dark.6" maw={760}>
            {t('footer.statement')}
          </Text>
          <Box component="nav" aria-label={t('nav.footer')}>
            <Group component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
              {publicNavItems.map((item) => (
                <li key={item.key}>
                  <Anchor component={Link} to={item.to} fz="sm" c="dark.7" underline="always">
                    {t(`nav.${item.key}`)}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Box>
          <Divider />
          <Group justify="space-between" gap="xs">
            <Text fz="xs" c="dark.6">
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Text>
            <Text fz="xs" c="dark.6">
              {t('footer.contact', { email: t('support.email') })}
            </Text>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
