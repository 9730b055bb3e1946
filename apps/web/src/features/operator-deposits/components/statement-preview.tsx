import { useEffect, useRef } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { statementCounts, type StatementReport } from '@portal/contract/statement-import';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useFormSubmit } from '@/lib/use-form-submit';
import { StatementLines } from '@/features/operator-deposits/components/statement-lines';

/**
 * A step's title, which takes the focus when the step appears: the button pressed is gone, and
 * the dialog, scrolled down to it, shows the new step from its top.
 */
function StepTitle({ children }: { children: string }) {
  const title = useRef<HTMLParagraphElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <Text ref={title} fw={700} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Text>
  );
}

/** The figures of a preview or an import, and what the file was read as. */
export function StatementSummary({ report }: { report: StatementReport }) {
  const { t } = useTranslation('depositsAdmin');
  const counts = statementCounts(report.lines);
  const figures = [
    ['lines', counts.lines],
    ['settle', counts.settle],
    ['review', counts.review],
    ['refundDue', counts.refundDue],
    ['recorded', counts.recorded],
    ...(counts.meanwhile > 0 ? [['meanwhile', counts.meanwhile] as const] : []),
    ['skipped', counts.skipped],
    ['errors', counts.errors],
  ] as const;
  const tense = report.imported ? 'did' : 'will';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" component="dl" m={0}>
        {figures.map(([figure, value]) => (
          <div key={figure}>
            <Text component="dt" fz="xs" c="dark.6">
              {t(`import.figures.${tense}.${figure}`)}
            </Text>
            <Text component="dd" m={0} fz="lg" fw={700}>
              {value.toLocaleString()}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text fz="xs" c="dark.6">
        {t('import.readAs', { format: t(`import.formats.${report.format}`) })}
        {report.receivingAccount
          ? ` · ${t('import.accountFromFile', { account: report.receivingAccount })}`
          : ''}
      </Text>
      {report.lines.some((line) => line.referenceMade) ? (
        <Text fz="xs" c="dark.6">
          {t('import.referencesMade')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The preview step: what every line will do, nothing recorded yet; "Import N lines" writes
 * exactly that (docs/decisions/019), Cancel leaves without writing. `changed` lists lines whose
 * outcome changed since an earlier preview, when an import found the accounts moved on.
 */
export function StatementPreview({
  report,
  changed,
  onImport,
  onCancel,
}: {
  report: StatementReport;
  changed: readonly number[];
  onImport: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('depositsAdmin');
  const counts = statementCounts(report.lines);
  const form = useForm();
  const { onSubmit, formError } = useFormSubmit(form, onImport, { fields: [] });
  const sending = form.formState.isSubmitting;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md" role="region" aria-label={t('import.previewTitle')}>
        <StepTitle>{t('import.previewTitle')}</StepTitle>
        {changed.length > 0 ? (
          <Alert color="orange" variant="light" title={t('import.changedTitle')}>
            {t('import.changed', { lines: changed.join(', ') })}
          </Alert>
        ) : (
          <Text fz="sm" c="dark.7">
            {t('import.previewLead')}
          </Text>
        )}
        <StatementSummary report={report} />
        {counts.errors > 0 ? (
          <Alert color="yellow" variant="light">
            {t('import.errorsNote')}
          </Alert>
        ) : null}
        <StatementLines lines={report.lines} done={false} changed={changed} />
        <FormAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('import.cancel')}
          </Button>
          <SubmitButton loading={sending} disabled={counts.toImport === 0}>
            {counts.toImport === 0
              ? t('import.nothing')
              : t('import.submit', { count: counts.toImport })}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** What the import did, line by line. */
export function StatementDone({
  report,
  onAnother,
  onClose,
}: {
  report: StatementReport;
  onAnother: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('depositsAdmin');
  const counts = statementCounts(report.lines);
  return (
    <Stack gap="md" role="region" aria-label={t('import.doneTitle')}>
      <StepTitle>{t('import.doneTitle')}</StepTitle>
      <StatementSummary report={report} />
      {counts.meanwhile > 0 ? (
        <Text fz="sm" c="dark.7">
          {t('import.meanwhileNote', { count: counts.meanwhile })}
        </Text>
      ) : null}
      <StatementLines lines={report.lines} done />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('import.another')}
        </Button>
        <Button onClick={onClose}>{t('import.close')}</Button>
      </Group>
    </Stack>
  );
}
