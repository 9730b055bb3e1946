import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a page prerendered at build leaves its title, as effects never run there
 * (docs/decisions/035-prerendered-public-pages.md); in the browser there is none.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the browser tab's title to "<page> · <brand>", or the brand alone without a page title. */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  const full = title ? `${title} · ${brand}` : brand;
  useContext(DocumentTitleSink)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
