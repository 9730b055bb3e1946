import { Alert } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Tells the user the rate they would request at has changed, so they check the total again. */
export function RateNotice({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  if (!message) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconRefresh aria-hidden />}
      role="status"
      withCloseButton
      closeButtonLabel={t('quote.dismiss')}
      onClose={onClose}
    >
      {message}
    </Alert>
  );
}
