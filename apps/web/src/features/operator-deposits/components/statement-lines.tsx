import { useState } from 'react';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@portal/contract/decimal';
import type {
  StatementLine,
  StatementOutcome,
  StatementProblem,
} from '@portal/contract/statement-import';
import { PageButtons, transactionListPageLabel } from '@/components/ui/page-buttons';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { validationText } from '@/lib/form-errors';
import { formatKoreaDateTime } from '@/lib/format';

const PAGE_SIZE = 50;
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

const BADGE_COLOURS: Record<StatementOutcome['kind'], string> = {
  settle: 'teal',
  review: 'yellow',
  refund_due: 'orange',
  recorded: 'gray',
  skipped: 'gray',
  error: 'red',
};

/** What is wrong with one cell, in the reader's words: the column as they call it, the text. */
export function problemText(t: TFunction, problem: StatementProblem): string {
  const column = t(`depositsAdmin:import.column.${problem.column}`);
  const message = validationText(t, problem.message);
  return problem.value.trim() === ''
    ? t('depositsAdmin:import.problem', { column, message })
    : t('depositsAdmin:import.problemWithValue', { column, value: problem.value, message });
}

/** What a line will do (`done`: did), in a sentence. */
function outcomeText(t: TFunction, line: StatementLine, done: boolean): string {
  const { outcome } = line;
  const tense = done ? 'did' : 'will';
  switch (outcome.kind) {
    case 'settle':
      return t(`import.${tense}.settle`, { number: outcome.transaction.number });
    case 'review':
      return t(`import.${tense}.review`, { reason: t(`reasonsShort.${outcome.reason}`) });
    case 'refund_due':
      return t(`import.${tense}.refund_due`, { reason: t(`refundReasons.${outcome.reason}`) });
    case 'recorded':
      return t(line.meanwhile ? 'import.did.meanwhile' : 'import.will.recorded', {
        source: t(`source.${outcome.source}`),
      });
    case 'skipped':
      return t(`import.${tense}.skipped.${outcome.why}`);
    case 'error':
      return t(`import.${tense}.error`);
  }
}

/**
 * The lines of a statement as the preview (or the import) read them, each with what it does
 * and, for a line that cannot be read, what is wrong, cell by cell. A table on a desktop, cards
 * on a phone; fifty lines a page. `changed` lines (since an earlier preview) are marked.
 */
export function StatementLines({
  lines,
  done,
  changed = [],
}: {
  lines: readonly StatementLine[];
  done: boolean;
  changed?: readonly number[];
}) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'validation', 'transactionList']);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(lines.length / PAGE_SIZE));
  const shown = lines.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const badge = (line: StatementLine) => (
    <Badge
      color={line.meanwhile ? 'gray' : BADGE_COLOURS[line.outcome.kind]}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0 }}
    >
      {t(line.meanwhile ? 'import.kind.meanwhile' : `import.kind.${line.outcome.kind}`)}
    </Badge>
  );
  const what = (line: StatementLine) => (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {badge(line)}
        <Text fz="sm">{outcomeText(t, line, done)}</Text>
      </Group>
      {line.outcome.kind === 'error' ? (
        <List size="sm" spacing={2} c="red.9" style={breakAnywhere}>
          {line.outcome.problems.map((problem) => (
            <List.Item key={`${problem.column}-${problem.message}`}>
              {problemText(t, problem)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {changed.includes(line.line) ? (
        <Text fz="xs" fw={700} c="red.9">
          {t('import.changedLine')}
        </Text>
      ) : null}
    </Stack>
  );
  const when = (line: StatementLine) =>
    line.receivedAt ? formatKoreaDateTime(line.receivedAt, i18n.language) : '—';
  const amount = (line: StatementLine) =>
    line.amountKrw ? t('krw', { amount: groupDigits(line.amountKrw) }) : '—';
  const lineNumber = (line: StatementLine) => t('import.lineNumber', { line: line.line });

  return (
    <Stack gap="xs">
      <ResponsiveList
        items={shown}
        label={t('import.linesLabel')}
        itemKey={(line) => String(line.line)}
        minWidth={760}
        dense
        focusableScroll
        rowProps={(line) =>
          changed.includes(line.line)
            ? { style: { background: 'var(--mantine-color-orange-0)' } }
            : {}
        }
        columns={[
          {
            header: t('import.columns.line'),
            cellProps: { style: { width: '1%', whiteSpace: 'nowrap' } },
            cell: (line) => <Text fz="sm">{line.line}</Text>,
          },
          {
            header: t('columns.receivedAt'),
            cellProps: { style: { whiteSpace: 'nowrap' } },
            cell: (line) => <Text fz="sm">{when(line)}</Text>,
          },
          {
            header: t('columns.depositor'),
            cell: (line) => (
              <Text fz="sm" style={breakAnywhere}>
                {line.depositorName ?? '—'}
              </Text>
            ),
          },
          {
            header: t('columns.amount'),
            align: 'right',
            cellProps: { style: { whiteSpace: 'nowrap' } },
            cell: (line) => (
              <Text fz="sm" fw={600}>
                {amount(line)}
              </Text>
            ),
          },
          { header: t('import.columns.what'), cellProps: { miw: 280 }, cell: what },
        ]}
        card={(line) => (
          <>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} style={breakAnywhere}>
                {line.depositorName ?? '—'}
              </Text>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {amount(line)}
              </Text>
            </Group>
            <Text fz="xs" c="dark.6">
              {lineNumber(line)} · {when(line)}
            </Text>
            {what(line)}
          </>
        )}
      />
      <Group justify="center">
        <PageButtons
          pages={pages}
          page={page}
          onChange={setPage}
          controlLabel={transactionListPageLabel(t)}
          label={t('import.pagesLabel')}
        />
      </Group>
    </Stack>
  );
}
