import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to "<page> · <brand>", or the brand alone without a page title. */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
