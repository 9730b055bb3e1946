import { Button, Group, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { ListState } from '@/components/ui/list-state';
import {
  downloadExport,
  useTransactionPage,
  type ListScope,
} from '@/features/transaction-list/api/transaction-list';
import { ExportButtons } from '@/components/ui/export-buttons';
import {
  printState,
  statusList,
  transactionListState,
} from '@/features/transaction-list/list-params';
import {
  DateRangeFilter,
  rangeLabel,
} from '@/features/transaction-list/components/date-range-filter';
import { TransactionPrint } from '@/features/transaction-list/components/transaction-print';
import { TransactionRows } from '@/features/transaction-list/components/transaction-rows';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { usePhone } from '@/lib/use-phone';

/**
 * My Transactions and Client Transactions: filters (dates, type, status, search), a page
 * of rows, 'Showing {from} to {to} of {total}', and exports of exactly the filtered rows (CSV,
 * Excel, print). Everything that decides what is shown lives in the address.
 */
export function TransactionList({ scope, title }: { scope: ListScope; title: string }) {
  const { t, i18n } = useTranslation(['transactionList', 'transactions', 'errors']);
  const language = i18n.language;
  const view = useListState(transactionListState);
  const printView = useListState(printState);
  const { page, ...filters } = view.query;
  const statuses = statusList(filters.status);
  const search = useListSearch(view);
  const printing = printView.query.print === '1';
  const withClient = scope === 'agency';
  const phone = usePhone();

  const query = useTransactionPage(scope, filters, page);
  const data = query.data;
  const items = data?.items ?? [];

  const setPrinting = (on: boolean) => printView.change({ print: on ? '1' : undefined });

  const filtered =
    !!filters.type || statuses.length > 0 || !!filters.from || !!filters.to || !!filters.q;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const shownFrom = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const shownTo = data ? Math.min(data.total, (data.page - 1) * data.pageSize + items.length) : 0;
  // The spec's line for a page of rows; an empty list has no "0 to 0" to show.
  const showing = !data
    ? ''
    : data.total === 0
      ? t('showingNone')
      : t('showing', {
          from: shownFrom.toLocaleString(language),
          to: shownTo.toLocaleString(language),
          total: data.total.toLocaleString(language),
        });

  const describeFilters = () => {
    const parts: string[] = [];
    if (filters.from || filters.to) parts.push(rangeLabel(t, language, filters.from, filters.to));
    if (filters.type) parts.push(t(`transactions:type.${filters.type}`));
    if (statuses.length > 0)
      parts.push(statuses.map((s) => t(`transactions:status.${s}`)).join(', '));
    if (filters.q) parts.push(`“${filters.q}”`);
    return parts.length > 0 ? parts.join(' · ') : t('print.all');
  };

  const tableLabel = t(scope === 'agency' ? 'tableLabelAgency' : 'tableLabel');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('filters.label')}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchBox
              search={search}
              label={t('filters.search')}
              placeholder={t(
                withClient ? 'filters.searchPlaceholderAgency' : 'filters.searchPlaceholder',
              )}
              w={{ base: '100%', sm: 280 }}
            />
            <DateRangeFilter
              from={filters.from}
              to={filters.to}
              onApply={(from, to) => view.change({ from, to })}
            />
            <Select
              label={t('filters.type')}
              w={{ base: '100%', xs: 160 }}
              allowDeselect={false}
              value={filters.type ?? ''}
              onChange={(value) => view.change({ type: (value || undefined) as TransactionType })}
              data={[
                { value: '', label: t('filters.anyType') },
                ...TRANSACTION_TYPES.map((value) => ({
                  value,
                  label: t(`transactions:type.${value}`),
                })),
              ]}
            />
            <MultiSelect
              label={t('filters.status')}
              placeholder={statuses.length === 0 ? t('filters.anyStatus') : undefined}
              w={{ base: '100%', xs: 260 }}
              value={statuses}
              onChange={(value) => view.change({ status: value as TransactionStatus[] })}
              data={TRANSACTION_STATUSES.map((value) => ({
                value,
                label: t(`transactions:status.${value}`),
              }))}
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clearStatus') }}
            />
            {filtered ? (
              <Button
                variant="subtle"
                onClick={() => {
                  search.clear();
                  view.reset();
                }}
              >
                {t('filters.reset')}
              </Button>
            ) : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            <ExportButtons
              onExport={(format) => downloadExport(scope, format, filters, language)}
              labels={{ csv: t('actions.csv'), xlsx: t('actions.excel') }}
              done={(name) => t('export.done', { name })}
              failed={t('export.failed')}
            />
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => setPrinting(true)}
            >
              {t('actions.print')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md">
        <ListState
          query={query}
          isEmpty={items.length === 0}
          empty={{
            icon: IconReceipt,
            title: t(filtered ? 'empty.filtered' : 'empty.none'),
            hint: t(filtered ? 'empty.filteredHint' : `empty.noneHint.${scope}`),
          }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          <TransactionRows items={items} label={tableLabel} withClient={withClient} />
        </ListState>
      </Paper>

      {data ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dark.7" aria-live="polite" data-testid="showing-line">
            {showing}
          </Text>
          <PageButtons
            pages={pages}
            page={page}
            onChange={(next) => view.change({ page: next })}
            siblings={phone ? 0 : 1}
            controlLabel={transactionListPageLabel(t)}
          />
        </Group>
      ) : null}

      {printing ? (
        <TransactionPrint
          scope={scope}
          filters={filters}
          title={title}
          summary={describeFilters()}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </Stack>
  );
}
