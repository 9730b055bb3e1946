import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FaqList } from '@/components/content/faq-list';
import { ScreenHeader } from '@/components/ui/screen-header';

/** The in-app FAQ: the questions of signed-in users, grouped by topic (faq.json `app`). */
export function Component() {
  const { t } = useTranslation(['common', 'faq']);
  const sections = t('faq:app.sections', { returnObjects: true });
  const count = Array.isArray(sections) ? sections.length : 0;
  return (
    <>
      <ScreenHeader title={t('common:nav.faq')} description={t('faq:app.lead')} />
      <Stack gap="xl">
        {Array.from({ length: count }, (_, index) => (
          <Stack key={index} gap="sm" component="section" aria-labelledby={`faq-section-${index}`}>
            <Title id={`faq-section-${index}`} order={2} fz="lg">
              {t(`faq:app.sections.${index}.title`)}
            </Title>
            <FaqList
              headingOrder={3}
              itemsKey={`app.sections.${index}.items`}
              idPrefix={`faq-${index}`}
            />
          </Stack>
        ))}
      </Stack>
    </>
  );
}
