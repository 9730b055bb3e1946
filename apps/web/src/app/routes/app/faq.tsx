import { useTranslation } from 'react-i18next';
import { FaqList } from '@/components/content/faq-list';
import { ScreenHeader } from '@/components/ui/screen-header';

export function Component() {
  const { t } = useTranslation(['common', 'faq']);
  return (
    <>
      <ScreenHeader title={t('common:nav.faq')} description={t('faq:lead')} />
      <FaqList />
    </>
  );
}
