import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const wrap = { overflowWrap: 'anywhere' } as const;

/** A fact of the user: a small label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dark.6" fw={600}>
        {label}
      </Text>
      <Text fz="sm" component="div" style={wrap}>
        {children}
      </Text>
    </Stack>
  );
}

/** A titled part of the page, named by its heading for screen readers. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}
