import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';

/** Renders with the app's real providers (a fresh query client per call). */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
