import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The conditions for automatic deposit processing (docs/PRODUCT.md "Deposit matching" and docs/PRODUCT.md "Validation"), as three items. */
export function DepositConditions() {
  const { t } = useTranslation('transactions');
  const items = ['name', 'amount', 'order'] as const;
  return (
    <div>
      <Text fw={700} mb={6}>
        {t('conditions.title')}
      </Text>
      <List
        spacing={6}
        size="sm"
        icon={
          <ThemeIcon color="teal" size={20} radius="xl" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{t(`conditions.${item}`)}</List.Item>
        ))}
      </List>
      <Text fz="sm" c="dark.6" mt={8}>
        {t('conditions.otherwise')}
      </Text>
    </div>
  );
}
