import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The support telephone and email, as links a phone or mail client opens. */
export function ContactDetails() {
  const { t } = useTranslation('common');
  const phone = t('support.phone');
  const email = t('support.email');
  const rows = [
    {
      key: 'phone',
      icon: IconPhone,
      label: t('support.phoneLabel'),
      value: phone,
      href: `tel:${phone.replace(/[^+\d]/g, '')}`,
    },
    {
      key: 'email',
      icon: IconMail,
      label: t('support.emailLabel'),
      value: email,
      href: `mailto:${email}`,
    },
  ];
  return (
    <Stack gap="sm">
      {rows.map(({ key, icon: RowIcon, label, value, href }) => (
        <Group key={key} gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <RowIcon size={20} />
          </ThemeIcon>
          <div>
            <Text fz="xs" fw={600} c="dark.6" tt="uppercase">
              {label}
            </Text>
            <Anchor href={href} fw={600} c="blue.8" style={{ wordBreak: 'break-all' }}>
              {value}
            </Anchor>
          </div>
        </Group>
      ))}
      <Text fz="sm" c="dark.7">
        {t('support.hours')}
      </Text>
    </Stack>
  );
}
