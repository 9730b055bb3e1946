import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toSupportedLanguage, type Language } from '@/lib/i18n';

type LanguageSwitchProps = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>;

/**
 * English / 한국어. Each language is named in its own language, so a reader who cannot read the
 * current one still finds theirs. A radio group: Tab reaches it, the arrow keys change it.
 */
export function LanguageSwitch(props: LanguageSwitchProps) {
  const { t, i18n } = useTranslation('common');
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const data = LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }));

  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      {...props}
      data={data}
      value={current}
      onChange={(value) => void i18n.changeLanguage(value as Language)}
    />
  );
}
