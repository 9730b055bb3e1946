import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_KINDS,
  APPROVAL_SORTS,
  approvalSortOf,
  type ApprovalKind,
} from '@portal/contract/approvals';
import { QueueFilters } from '@/components/ui/queue-filters';
import type { ListSearch } from '@/lib/use-list-state';
import { exportApprovals, type ApprovalSearch } from '@/features/approvals/api/approvals';

/**
 * The approvals queue's kind, search, Korea days, order and export (docs/decisions/021), over
 * the tab's view; the export is exactly the filtered approvals of that view, every page.
 */
export function ApprovalFilters({
  view,
  search,
  total,
  onChange,
  onReset,
}: {
  view: ApprovalSearch;
  search: ListSearch;
  /** How many match, once known. */
  total: number | undefined;
  onChange: (patch: Partial<Omit<ApprovalSearch, 'view'>>) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation(['approvals', 'common']);
  const { view: tab, kind, q, from, to, sort } = view;
  return (
    <QueueFilters
      ns="approvals"
      label={t('filters.label')}
      search={search}
      from={from}
      to={to}
      onRange={onChange}
      sort={approvalSortOf(tab, sort)}
      sorts={APPROVAL_SORTS}
      // The view's own order is no choice worth keeping in the address.
      onSort={(chosen) => onChange({ sort: chosen === approvalSortOf(tab) ? undefined : chosen })}
      filtered={Boolean(kind || q || from || to || sort)}
      onReset={onReset}
      note={total !== undefined ? t('count', { count: total }) : null}
      onExport={(format) => exportApprovals(format, view, i18n.language)}
    >
      <Select
        label={t('filters.kind')}
        w={{ base: '100%', xs: 220 }}
        allowDeselect={false}
        value={kind ?? ''}
        onChange={(value) => onChange({ kind: (value || undefined) as ApprovalKind })}
        data={[
          { value: '', label: t('filters.any') },
          ...APPROVAL_KINDS.map((value) => ({
            value,
            label: t(`common:approvals.kinds.${value}`),
          })),
        ]}
      />
    </QueueFilters>
  );
}
