import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { daysInRange, RECONCILIATION_MAX_DAYS } from '@portal/contract/reconciliation';
import { DayRangeInputs } from '@/components/ui/day-range-inputs';
import { FormAlert } from '@/components/ui/form-alert';
import type { ReconciliationRange } from '@/features/reconciliation/api/get-reconciliation';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's days, edited as a draft and applied together (half a range is not a range). The
 * form follows the address when it changes from elsewhere (Back, a shared link).
 */
export function RangeForm({
  range,
  onApply,
}: {
  range: ReconciliationRange;
  onApply: (range: ReconciliationRange) => void;
}) {
  const { t } = useTranslation(['reconciliation', 'errors']);
  const [draft, setDraft] = useState(range);
  const [seen, setSeen] = useState(range);
  if (seen !== range) {
    setSeen(range);
    setDraft(range);
  }
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const days = daysInRange(draft.from, draft.to);
    if (
      !DATE.test(draft.from) ||
      !DATE.test(draft.to) ||
      !(days >= 1 && days <= RECONCILIATION_MAX_DAYS)
    ) {
      setError(t('errors:codes.DATE_RANGE_INVALID'));
      return;
    }
    setError(null);
    onApply(draft);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={apply}
      aria-label={t('filters.label')}
      noValidate
    >
      <Stack gap="sm">
        <FormAlert message={error} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DayRangeInputs
            from={draft.from}
            to={draft.to}
            onChange={(patch) => setDraft({ ...draft, ...patch })}
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
          />
          <Button type="submit" leftSection={<IconCalendarSearch size={16} aria-hidden />}>
            {t('filters.apply')}
          </Button>
        </Group>
        <Text fz="xs" c="dark.6">
          {t('filters.timeZone')}
        </Text>
      </Stack>
    </Paper>
  );
}
