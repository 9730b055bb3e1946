import { Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/app/theme';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { UserProvider } from '@/lib/user/user-context';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        {/* Translations load over HTTP; suspend until the first namespace is there. */}
        <Suspense fallback={<FullPageLoader />}>
          <UserProvider>{children}</UserProvider>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
