import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';

export function Component() {
  const { t } = useTranslation('common');
  return <ScreenHeader title={t('nav.accounts')} description={t('screens.accounts.description')} />;
}
