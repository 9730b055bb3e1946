import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StatementImportReport } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/form-errors';
import { settleToast, toast } from '@/lib/notifications';
import { useImportStatement } from '@/features/operator-deposits/api/import-statement';

export const STATEMENT_COLUMNS = [
  'bank_reference',
  'depositor_name',
  'amount_krw',
  'received_at',
  'receiving_account',
] as const;

const SAMPLE_CSV = [
  STATEMENT_COLUMNS.join(','),
  'TX20260302-0001,홍길동,1392500,2026-03-02T10:15:00+09:00,110-123-456789',
  'TX20260302-0002,김민준,500000,2026-03-02T11:40:00+09:00,110-123-456789',
].join('\n');
// A byte order mark so that spreadsheet programs read the Korean names as UTF-8.
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${SAMPLE_CSV}\n`)}`;

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv'],
};

export function StatementImportDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['depositsAdmin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('import.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <StatementImport onDone={onClose} /> : null}
    </Modal>
  );
}

/** Upload a bank statement CSV; every line goes through the same matching as a notification. */
export function StatementImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors']);
  const upload = useImportStatement();
  const [report, setReport] = useState<StatementImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    const id = toast('loading', { message: t('import.uploading', { name: file.name }) });
    try {
      const result = await upload.mutateAsync(file);
      setReport(result);
      settleToast(id, result.errors.length > 0 ? 'warning' : 'success', {
        message: t('import.done', { recorded: result.recorded }),
      });
    } catch (error) {
      const message = errorMessage(t, error);
      setProblem(message);
      settleToast(id, 'error', { message });
    }
  };

  if (report) {
    return (
      <Stack gap="md">
        <ImportReport report={report} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setReport(null)}>
            {t('import.another')}
          </Button>
          <Button onClick={onDone}>{t('import.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text fz="sm" c="dark.7">
        {t('import.lead')}
      </Text>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {t('import.columns')}
        </Text>
        <Code block>{STATEMENT_COLUMNS.join(',')}</Code>
        <Anchor href={SAMPLE_HREF} download="bank-statement-sample.csv" fz="sm">
          {t('import.sample')}
        </Anchor>
      </Stack>
      <FormAlert message={problem} />
      <Dropzone
        onDrop={(files) => {
          const [file] = files;
          if (file) void send(file);
        }}
        onReject={() => setProblem(t('import.refused'))}
        accept={ACCEPT}
        maxSize={MAX_BYTES}
        multiple={false}
        loading={upload.isPending}
        role="button"
        aria-label={t('import.dropLabel')}
        p="lg"
      >
        <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-color-blue-8)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} color="var(--mantine-color-red-8)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={36} color="var(--mantine-color-dark-3)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fz="sm" fw={600}>
              {t('import.drop')}
            </Text>
            <Text fz="xs" c="dark.6">
              {t('import.rules')}
            </Text>
          </div>
        </Group>
      </Dropzone>
    </Stack>
  );
}

/** What the import did, line by line where a line could not be used. */
export function ImportReport({ report }: { report: StatementImportReport }) {
  const { t } = useTranslation('depositsAdmin');
  const figures = ['lines', 'recorded', 'duplicates', 'settled', 'review'] as const;
  return (
    <Stack gap="sm" role="region" aria-label={t('import.report.title')}>
      <Text fw={700}>{t('import.report.title')}</Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" component="dl" m={0}>
        {figures.map((figure) => (
          <div key={figure}>
            <Text component="dt" fz="xs" c="dark.6">
              {t(`import.report.${figure}`)}
            </Text>
            <Text component="dd" m={0} fz="lg" fw={700}>
              {report[figure]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {report.errors.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('import.report.errors')}>
          <List size="sm" spacing={2}>
            {report.errors.map((error) => (
              <List.Item key={`${error.line}-${error.message}`}>
                {t('import.report.line', { line: error.line, message: error.message })}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text fz="sm" c="teal.9">
          {t('import.report.noErrors')}
        </Text>
      )}
    </Stack>
  );
}
