import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only figure of a form (rate, total, balance): a label above a value. */
export function Figure({
  label,
  children,
  emphasis = false,
  hint,
}: {
  label: string;
  children: ReactNode;
  emphasis?: boolean;
  hint?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={500} c="dark.7">
        {label}
      </Text>
      <Text
        fz={emphasis ? 'xl' : 'md'}
        fw={emphasis ? 800 : 600}
        aria-live={emphasis ? 'polite' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
      {hint ? (
        <Text fz="xs" c="dark.6">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
