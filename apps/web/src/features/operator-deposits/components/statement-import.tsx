import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Anchor, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  MAX_STATEMENT_BYTES,
  outcomeKey,
  STATEMENT_TEMPLATE_HEADER,
  statementCounts,
  type StatementReport,
} from '@portal/contract/statement-import';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { FormAlert } from '@/components/ui/form-alert';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { usePhone } from '@/lib/use-phone';
import {
  useImportStatement,
  usePreviewStatement,
} from '@/features/operator-deposits/api/import-statement';
import {
  StatementDone,
  StatementPreview,
} from '@/features/operator-deposits/components/statement-preview';

const SAMPLE_CSV = [
  STATEMENT_TEMPLATE_HEADER.join(','),
  'TX20260302-0001,홍길동,1392500,2026-03-02T10:15:00+09:00,110-123-456789',
  'TX20260302-0002,김민준,500000,2026-03-02T11:40:00+09:00,110-123-456789',
].join('\n');
// A byte order mark so that spreadsheet programs read the Korean names as UTF-8.
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${SAMPLE_CSV}\n`)}`;

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export function StatementImportDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['depositsAdmin', 'common']);
  // The preview is a table of lines: on a phone the dialog takes the whole screen for it.
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="64rem"
      fullScreen={phone}
      title={t('import.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <StatementImport onDone={onClose} /> : null}
    </Modal>
  );
}

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; file: File; report: StatementReport; changed: number[] }
  | { kind: 'done'; report: StatementReport };

/** A refusal of the file in the reader's words; a missing column is named as they call it. */
function refusalText(t: TFunction, error: unknown): string {
  const apiError = apiErrorOf(error);
  if (apiError?.code === 'STATEMENT_COLUMNS_MISSING' && apiError.fields) {
    const columns = Object.keys(apiError.fields).map((column) =>
      t(`depositsAdmin:import.column.${column}`),
    );
    return t('depositsAdmin:import.columnsMissing', { columns: columns.join(', ') });
  }
  return errorMessage(t, error);
}

/**
 * A bank statement in two steps (docs/decisions/019): the file is read and every line shown with
 * what it will do, nothing recorded; then "Import N lines" records exactly that. When a line
 * would do something else by then (the bank's notification settled the buy, a buy was cancelled),
 * nothing is recorded and the new preview marks the lines that changed.
 */
export function StatementImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['depositsAdmin', 'errors']);
  const preview = usePreviewStatement();
  const importing = useImportStatement();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [problem, setProblem] = useState<string | null>(null);

  const read = async (file: File) => {
    setProblem(null);
    try {
      const report = await preview.mutateAsync(file);
      setStep({ kind: 'preview', file, report, changed: [] });
    } catch (error) {
      setProblem(refusalText(t, error));
    }
  };

  if (step.kind === 'preview') {
    const { file, report } = step;
    const confirm = async () => {
      try {
        const done = await importing.mutateAsync({ file, report });
        toast('success', {
          message: t('import.done', { count: statementCounts(done.lines).toImport }),
        });
        setStep({ kind: 'done', report: done });
      } catch (error) {
        if (apiErrorOf(error)?.code !== 'STATEMENT_CHANGED') throw error;
        // Nothing was written: read the file again and mark what moved on meanwhile.
        const fresh = await preview.mutateAsync(file);
        const before = new Map(report.lines.map((line) => [line.line, outcomeKey(line)]));
        const changed = fresh.lines
          .filter((line) => before.get(line.line) !== outcomeKey(line))
          .map((line) => line.line);
        setStep({ kind: 'preview', file, report: fresh, changed });
      }
    };
    return (
      <StatementPreview
        key={step.report.fingerprint + step.changed.join(',')}
        report={report}
        changed={step.changed}
        onImport={confirm}
        onCancel={() => setStep({ kind: 'pick' })}
      />
    );
  }

  if (step.kind === 'done') {
    return (
      <StatementDone
        report={step.report}
        onAnother={() => setStep({ kind: 'pick' })}
        onClose={onDone}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text fz="sm" c="dark.7">
        {t('import.lead')}
      </Text>
      <FormAlert message={problem} />
      <Dropzone
        onDrop={(files) => {
          const [file] = files;
          if (file) void read(file);
        }}
        onReject={() => setProblem(t('import.refused'))}
        accept={ACCEPT}
        maxSize={MAX_STATEMENT_BYTES}
        multiple={false}
        loading={preview.isPending}
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
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {t('import.template')}
        </Text>
        <Text fz="xs" c="dark.6">
          {t('import.templateLead')}
        </Text>
        <Code block>{STATEMENT_TEMPLATE_HEADER.join(',')}</Code>
        <Anchor href={SAMPLE_HREF} download="bank-statement-sample.csv" fz="sm">
          {t('import.sample')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
