import { useTranslation } from 'react-i18next';
import { QUEUE_WAIT_WARNING_MINUTES } from '@portal/contract/operator-workbench';
import { DEPOSIT_SORTS, type DepositSort, type DepositStatus } from '@portal/contract/transactions';
import { QueueFilters } from '@/components/ui/queue-filters';
import type { ListSearch } from '@/lib/use-list-state';
import { exportDeposits } from '@/features/operator-deposits/api/get-deposits';

export interface DepositView {
  status: DepositStatus;
  q?: string;
  from?: string;
  to?: string;
  sort: DepositSort;
}

/**
 * The deposit queue's search, Korea days, order and export (docs/decisions/021), over the tab's
 * status; the export is exactly the filtered deposits of that status, every page.
 */
export function DepositFilters({
  view,
  search,
  onChange,
  onReset,
}: {
  view: DepositView;
  search: ListSearch;
  onChange: (patch: Partial<Omit<DepositView, 'status'>>) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation('depositsAdmin');
  const { status, q, from, to, sort } = view;
  return (
    <QueueFilters
      ns="depositsAdmin"
      label={t('filters.search')}
      mb="md"
      search={search}
      from={from}
      to={to}
      onRange={onChange}
      sort={sort}
      sorts={DEPOSIT_SORTS}
      onSort={(chosen) => onChange({ sort: chosen })}
      filtered={Boolean(q || from || to || sort !== 'newest')}
      onReset={onReset}
      note={status === 'review' ? t('waitHint', { minutes: QUEUE_WAIT_WARNING_MINUTES }) : null}
      onExport={(format) => exportDeposits(format, { status, q, from, to }, i18n.language)}
    />
  );
}
