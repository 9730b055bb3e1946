import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { CurrentUser } from '@portal/contract/users';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { UserProvider } from '@/lib/user/user-context';
import { addKoreanParticles, LANGUAGES, NAMESPACES, type Language } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders a piece of the app as it runs: Mantine, toasts, a fresh query client, the real locale
 * files in one language, the user context, and a memory router at `path`. The API is whatever the
 * test mocks on `mockApi` (`@/testing/api`), `GET /auth/me` included.
 */
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'locales');

function resources() {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        NAMESPACES.map((namespace) => [
          namespace,
          JSON.parse(
            readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'),
          ) as object,
        ]),
      ),
    ]),
  );
}

export async function createTestI18n(language: Language = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: resources(),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  addKoreanParticles(instance);
  return instance;
}

export async function renderApp(
  ui: ReactNode,
  {
    language = 'en',
    path = '/',
    routes = [],
  }: { language?: Language; path?: string; routes?: RouteObject[] } = {},
) {
  const i18n = await createTestI18n(language);
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], {
    initialEntries: [path],
  });
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <UserProvider>
            {/* As in the app (app/provider.tsx): one boundary above every screen. */}
            <Suspense fallback={<FullPageLoader />}>
              <RouterProvider router={router} />
            </Suspense>
          </UserProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient, i18n };
}

export const testUser: CurrentUser = {
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  name: '김민준',
  email: 'minjun@example.com',
  phone: '010-1234-5678',
  role: 'client',
  emailVerified: true,
  agency: null,
};

export { apiFailure, ok } from '@/testing/api';
