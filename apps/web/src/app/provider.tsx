import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/app/theme';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { UserProvider } from '@/lib/user/user-context';
import { createQueryClient } from '@/lib/query-client';

// The toasts' container (and its transition library) is not needed to draw the first page; it
// loads right after, and a toast raised before it arrives waits in the store.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        {/* Translations load over HTTP; suspend until the first namespace is there. */}
        <Suspense fallback={<FullPageLoader />}>
          <UserProvider>{children}</UserProvider>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
