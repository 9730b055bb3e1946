import { Pagination } from '@mantine/core';

export type PageControl = 'previous' | 'next' | 'first' | 'last' | number;

/**
 * The page buttons under every paged list. Each button has a name of its own ("Next page",
 * "Page 3"): the arrows have no text, and without a name a screen reader only says "button".
 */
export function PageButtons({
  pages,
  page,
  onChange,
  controlLabel,
  label,
  siblings = 1,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** Accessible names of the controls and of each page's button. */
  controlLabel: (control: PageControl) => string;
  /** The accessible name of the whole navigation, where the page has several. */
  label?: string;
  siblings?: number;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      size="sm"
      siblings={siblings}
      getItemProps={(number) => ({ 'aria-label': controlLabel(number) })}
      getControlProps={(control) => ({ 'aria-label': controlLabel(control) })}
      aria-label={label}
    />
  );
}

/** The names the transaction lists' namespace gives the controls (`transactionList:pagination`). */
export const transactionListPageLabel =
  (t: (key: string, options?: Record<string, unknown>) => string) => (control: PageControl) =>
    typeof control === 'number'
      ? t('transactionList:pagination.page', { page: control })
      : t(`transactionList:pagination.${control}`);
