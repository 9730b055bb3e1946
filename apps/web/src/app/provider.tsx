import { lazy, Suspense, useState, type ReactNode } from 'react';
import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/app/theme';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { UserProvider } from '@/lib/user/user-context';
import { createQueryClient } from '@/lib/query-client';

// The toasts' container (and its transition library) is not needed to draw the first page; it
// loads right after, and a toast raised before it arrives waits in the store.
// Toasts sit at the bottom (full width on a phone, the right corner on a desktop), where they
// hide neither the header's name nor a screen's title, and under modal dialogs: an open dialog
// is the one thing to act on (it holds the focus, and its own alert shows its refusals), so a
// toast waits dimmed behind its overlay instead of covering its buttons
// (docs/decisions/015-korean-polish.md).
const TOAST_Z_INDEX = getDefaultZIndex('modal') - 1;
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>
        <Notifications position="bottom-right" zIndex={TOAST_Z_INDEX} />
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
