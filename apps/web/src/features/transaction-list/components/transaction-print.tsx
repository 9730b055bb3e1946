import { groupDigits, trimDecimal } from '@portal/contract/decimal';
import './transaction-print.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Text, Title } from '@mantine/core';
import { IconPrinter, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useUser } from '@/lib/user/user-context';
import {
  PRINT_LIMIT,
  useAllTransactions,
  type ListScope,
} from '@/features/transaction-list/api/transaction-list';
import type { TransactionFilters } from '@/features/transaction-list/list-params';

/**
 * A plain print layout of every filtered row (up to PRINT_LIMIT), over the screen; on paper only
 * it shows. The sheet says whose it is and when: the portal's name, the list's name, who printed
 * it and when (Korea time, like every time in the portal), and the filters, in the reader's
 * language. Opens the browser's print dialog once the rows are in.
 */
export function TransactionPrint({
  scope,
  filters,
  title,
  summary,
  onClose,
}: {
  scope: ListScope;
  filters: TransactionFilters;
  title: string;
  summary: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['transactionList', 'transactions', 'errors', 'common']);
  const language = i18n.language;
  const { user } = useUser();
  // The moment the sheet was asked for: what the paper says it shows.
  const [printedAt] = useState(() => new Date().toISOString());
  const query = useAllTransactions(scope, filters);
  const printed = useRef(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const withClient = scope === 'agency';

  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  useEffect(() => {
    if (query.data && !printed.current) {
      printed.current = true;
      // After the rows are painted.
      const timer = window.setTimeout(() => window.print(), 100);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [query.data]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const items = query.data?.items ?? [];
  return (
    <div
      className="transaction-print"
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-title"
    >
      <Group className="no-print" justify="space-between" mb="md">
        <Text fz="sm" c="dark.6">
          {t('print.hint')}
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!query.data}
          >
            {t('actions.print')}
          </Button>
          <Button
            ref={closeRef}
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={onClose}
          >
            {t('print.close')}
          </Button>
        </Group>
      </Group>
      <Text fz="sm" fw={700} data-testid="print-portal">
        {t('common:brand.name')}
      </Text>
      <Title order={1} fz={20} id="print-title">
        {title}
      </Title>
      <dl className="print-meta" data-testid="print-meta">
        <div>
          <dt>{t('print.printedBy')}</dt>
          <dd>{user.name ?? user.email}</dd>
        </div>
        <div>
          <dt>{t('print.printedAt')}</dt>
          <dd>{t('print.koreaTime', { time: formatDateTime(printedAt, language) })}</dd>
        </div>
        <div>
          <dt>{t('print.filtersLabel')}</dt>
          <dd>{summary}</dd>
        </div>
      </dl>
      {query.isPending ? (
        <Center py="xl" className="no-print">
          <Loader aria-label={t('print.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, query.error)}
        </Alert>
      ) : (
        <>
          <Text fz="sm" mb="xs" data-testid="print-count">
            {query.data.total > items.length
              ? t('print.truncated', {
                  shown: items.length,
                  total: query.data.total,
                  limit: PRINT_LIMIT,
                })
              : t('print.count', { count: items.length })}
          </Text>
          <table aria-labelledby="print-title">
            <thead>
              <tr>
                <th>{t('columns.number')}</th>
                <th>{t('columns.type')}</th>
                {withClient ? <th>{t('columns.client')}</th> : null}
                <th>{t('columns.merchant')}</th>
                <th>{t('columns.accounts')}</th>
                <th className="number">{t('columns.amount')}</th>
                <th className="number">{t('columns.total')}</th>
                <th>{t('columns.date')}</th>
                <th>{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((tx) => (
                <tr key={tx.id}>
                  <td>{tx.number}</td>
                  <td>{t(`transactions:type.${tx.type}`)}</td>
                  {withClient ? (
                    <td>
                      {tx.client?.name}
                      <br />
                      {tx.client?.email}
                    </td>
                  ) : null}
                  <td>{tx.merchant.name}</td>
                  <td>
                    {tx.account.name}
                    <br />
                    {tx.account.accountNumber}
                  </td>
                  <td className="number">
                    {groupDigits(trimDecimal(tx.amount))} {tx.merchant.asset}
                  </td>
                  <td className="number">{groupDigits(tx.totalKrw)}</td>
                  <td>{formatDateTime(tx.createdAt, language)}</td>
                  <td>{t(`transactions:status.${tx.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
