import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A screen's one h1 and a sentence on what the screen is for; also names the browser tab. */
export function ScreenHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Stack gap="xs" mb="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {description ? (
        <Text c="gray.7" maw={720}>
          {description}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
