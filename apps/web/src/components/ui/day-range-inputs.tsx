import { TextInput } from '@mantine/core';
import { FIRST_KEPT_DAY, LAST_KEPT_DAY } from '@portal/contract/korea-time';

/**
 * A range of Korea days in a form applied as a whole (the audit log's filters, the
 * reconciliation report): From and To as the browser's date inputs, which a person can type into
 * or pick from, each bounded by the other so the calendar offers no reversed range, and both by
 * the days the portal keeps (2000-2099). The form
 * still checks the range when it is applied: a typed date is not bounded by the calendar.
 */
export function DayRangeInputs({
  from,
  to,
  onChange,
  fromLabel,
  toLabel,
}: {
  /** YYYY-MM-DD, or '' when not chosen. */
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={fromLabel}
        value={from}
        min={FIRST_KEPT_DAY}
        max={to || LAST_KEPT_DAY}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
      />
      <TextInput
        type="date"
        label={toLabel}
        value={to}
        min={from || FIRST_KEPT_DAY}
        max={LAST_KEPT_DAY}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
      />
    </>
  );
}
