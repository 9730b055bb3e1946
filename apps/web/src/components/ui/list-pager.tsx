import { Group, Text } from '@mantine/core';
import { PageButtons, type PageControl } from '@/components/ui/page-buttons';

/**
 * Under a paged list: the line "Showing 21 to 40 of 95" (its text comes from the caller's
 * namespace) and the page buttons. Nothing when the list is empty.
 */
export function ListPager({
  page,
  pageSize,
  total,
  showing,
  label,
  controlLabel,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The translated line, given the numbers. */
  showing: (range: { from: number; to: number; total: number }) => string;
  /** The accessible name of the page navigation. */
  label: string;
  /** Accessible names of the controls: previous, next, first, last and page n. */
  controlLabel: (control: PageControl) => string;
  onChange: (page: number) => void;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" p="md">
      <Text fz="sm" c="dark.6" aria-live="polite">
        {showing({ from, to, total })}
      </Text>
      <PageButtons
        pages={pages}
        page={page}
        onChange={onChange}
        controlLabel={controlLabel}
        label={label}
      />
    </Group>
  );
}
