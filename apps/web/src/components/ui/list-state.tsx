import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/form-errors';

interface ListStateProps {
  /** The list's query, as TanStack Query reports it. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch?: () => unknown };
  isEmpty: boolean;
  empty: { icon: Icon; title: string; hint?: string };
  loadingLabel?: string;
  /** With a label, the error offers to load the list again. */
  retryLabel?: string;
  /** The list itself, shown once there is something to show. */
  children: ReactNode;
}

/** The loading, error and empty states every list screen shows before its rows. */
export function ListState({
  query,
  isEmpty,
  empty,
  loadingLabel,
  retryLabel,
  children,
}: ListStateProps) {
  const { t } = useTranslation('errors');
  if (query.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError) {
    const message = errorMessage(t, query.error);
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" m="md">
        {retryLabel && query.refetch ? (
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{message}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch?.()}>
              {retryLabel}
            </Button>
          </Stack>
        ) : (
          message
        )}
      </Alert>
    );
  }
  if (isEmpty) {
    const EmptyIcon = empty.icon;
    return (
      <Stack align="center" gap="xs" py={48} px="md" ta="center">
        <EmptyIcon size={40} color="var(--mantine-color-dark-3)" aria-hidden />
        <Text fw={600}>{empty.title}</Text>
        {empty.hint ? (
          <Text fz="sm" c="dark.6" maw={420}>
            {empty.hint}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <>{children}</>;
}
