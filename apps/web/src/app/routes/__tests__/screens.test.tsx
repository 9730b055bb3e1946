import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '@portal/contract/users';
import { routes } from '@/app/router';
import { RouteError } from '@/app/routes/route-error';
import { paths } from '@/config/paths';
import type { UserContextValue } from '@/lib/user/user-context';
import { mockApi } from '@/testing/api';
import { addKoreanParticles, LANGUAGES, NAMESPACES, type Language } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/**
 * Every screen, through the real router and the real locale files, in both languages: it renders
 * one h1, and asks for no translation key that the locale files lack.
 */
const signedOut = vi.hoisted((): UserContextValue => ({
  role: 'client',
  user: {},
  isSignedIn: false,
  isLoading: false,
  setUser: () => {},
  refetch: () => Promise.resolve(),
}));
const userState = vi.hoisted(() => ({ current: signedOut }));
vi.mock('@/lib/user/user-context', () => ({ useUser: () => userState.current }));

const localesDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'public',
  'locales',
);

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

let missing: string[] = [];

async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false, // a key missing in Korean must not hide behind the English text
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: resources(),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) =>
      missing.push(`${language}:${namespace}:${key}`),
  });
  addKoreanParticles(instance);
  return instance;
}

async function renderAt(path: string, language: Language = 'en') {
  const i18n = await createI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  // The route error page has an h1 too: a screen that crashed must not pass for one that rendered.
  const errors = i18n.getResourceBundle(language, 'errors') as { generic: { title: string } };
  if (path !== '/no-such-page') expect(h1.textContent).not.toBe(errors.generic.title);
  return router;
}

/** The API as the screens see it with nothing in it yet. */
function answerApi() {
  const empty = { id_front: null, id_back: null, selfie: null, bank_book: null };
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/kyc/documents') return Promise.resolve({ data: { documents: empty } });
    if (url === '/operator/kyc/documents') return Promise.resolve({ data: { items: [] } });
    if (['/accounts', '/merchants', '/operator/merchants'].includes(url)) {
      return Promise.resolve({ data: { items: [] } });
    }
    if (url === '/operator/rates') return Promise.resolve({ data: { current: [], history: [] } });
    if (['/operator/transactions', '/operator/deposits'].includes(url)) {
      return Promise.resolve({ data: { items: [], total: 0, page: 1, pageSize: 20 } });
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  return mockApi.post.mockResolvedValue({ status: 204, data: '' });
}

function signIn(role: UserRole, setUser: UserContextValue['setUser'] = () => {}) {
  userState.current = {
    ...signedOut,
    role,
    user: {
      id: 'u1',
      name: '김민준',
      email: 'minjun@example.com',
      phone: '010-1234-5678',
      role,
      agency: null,
    },
    isSignedIn: true,
    setUser,
  };
}

beforeEach(() => {
  missing = [];
  userState.current = signedOut;
  answerApi();
});
afterEach(() => vi.restoreAllMocks());

const publicPaths = [
  paths.home,
  paths.aboutUs,
  paths.faqHome,
  paths.terms,
  paths.privacy,
  '/no-such-page',
];
const appPaths = [
  ...Object.values(paths.app).filter((path) => path !== paths.app.root),
  '/app/no-such-screen',
];

const operatorPaths = new Set<string>([
  paths.app.kycReview,
  paths.app.merchantsAdmin,
  paths.app.ratesAdmin,
  paths.app.operatorTransactions,
  paths.app.depositsAdmin,
  paths.app.reconciliation,
]);

describe.each(LANGUAGES)('screens in %s', (language) => {
  it.each(publicPaths)('%s has one h1 and every text it asks for', async (path) => {
    await renderAt(path, language);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).not.toBe(''));
    expect(missing).toEqual([]);
  });

  it.each(appPaths)('%s (signed in) has one h1 and every text it asks for', async (path) => {
    signIn(operatorPaths.has(path) ? 'operator' : 'client');
    await renderAt(path, language);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).not.toBe(''));
    expect(missing).toEqual([]);
  });

  it.each([paths.signIn, paths.signUp])('%s opens its dialog over Home', async (path) => {
    await renderAt(path, language);
    const auth = i18n(language, 'auth') as { signIn: { title: string }; signUp: { title: string } };
    const title = path === paths.signIn ? auth.signIn.title : auth.signUp.title;
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});

function i18n(language: Language, namespace: string): unknown {
  return (resources() as Record<string, Record<string, unknown>>)[language]?.[namespace];
}

describe('signed-in screens', () => {
  it('send a signed-out visitor to the sign-in dialog, to come back afterwards', async () => {
    const router = await renderAt(`${paths.app.profile}?tab=documents`);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('auth')).toBe('sign-in');
    expect(params.get('next')).toBe('/app/profile?tab=documents');
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });

  it('show a signed-out visitor an unknown /app path as not found, in the public frame', async () => {
    const router = await renderAt('/app/no-such-screen');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'We could not find that page',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(paths.signIn);
    expect(router.state.location.pathname).toBe('/app/no-such-screen');
  });

  it.each([
    [paths.app.kycReview, 'KYC review'],
    [paths.app.merchantsAdmin, 'Merchants'],
    [paths.app.ratesAdmin, 'Rates'],
    [paths.app.operatorTransactions, 'Transactions'],
    [paths.app.depositsAdmin, 'Deposits'],
    [paths.app.reconciliation, 'Reconciliation'],
  ])('show the not-found page, not %s, to anyone but an operator', async (path, title) => {
    for (const role of ['client', 'agency'] as const) {
      signIn(role);
      await renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'We could not find that page',
      );
      cleanup();
    }
    signIn('operator');
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });
});

describe('public layout', () => {
  it('has the header links and sign in / sign up for a visitor', async () => {
    await renderAt(paths.aboutUs);
    for (const name of ['About us', 'FAQ', 'Terms', 'Privacy']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(paths.signIn);
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]?.getAttribute('href')).toBe(
      paths.signUp,
    );
    const current = screen
      .getAllByRole('link', { name: 'About us' })
      .filter((link) => link.getAttribute('aria-current'));
    expect(current).toHaveLength(1);
  });

  it('switches the language from the header control', async () => {
    await renderAt(paths.home);
    expect(screen.getAllByRole('radiogroup', { name: 'Language' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('radio', { name: '한국어' })[0]!);
    expect((await screen.findAllByRole('link', { name: '회사 소개' })).length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('offers the dashboard on the not-found page once signed in', async () => {
    signIn('client');
    await renderAt('/no-such-page');
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Go to dashboard' });
    expect(link.getAttribute('href')).toBe(paths.app.dashboard);
  });
});

describe('app layout', () => {
  const menuOf = () => screen.getByRole('navigation', { name: 'Portal menu' });

  it('lists the sidebar entries of docs/PRODUCT.md "Screens", without agency entries for a client', async () => {
    signIn('client');
    await renderAt(paths.app.dashboard);
    const links = Array.from(menuOf().querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Buy',
      'Sell',
      'My Transactions',
      'Accounts',
      'Profile',
      'Support',
      'FAQ',
      'Partner Agency Bank Account',
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByText('김민준')).toBeTruthy();
  });

  it('gives an operator the queues, rates, merchants and no trading screens', async () => {
    signIn('operator');
    await renderAt(paths.app.dashboard);
    const links = Array.from(menuOf().querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'KYC review',
      'Transactions',
      'Approvals',
      'Deposits',
      'Reconciliation',
      'Rates',
      'Merchants',
      'Agencies',
      'Users',
      'Audit log',
      'Profile',
      'Support',
      'FAQ',
    ]);
  });

  it('adds Clients and Client Transactions for an agency', async () => {
    signIn('agency');
    await renderAt(paths.app.dashboard);
    const links = Array.from(menuOf().querySelectorAll('a')).map((link) => link.textContent);
    expect(links.slice(-2)).toEqual(['Clients', 'Client Transactions']);
  });

  it('marks only the current entry as the current page', async () => {
    signIn('client');
    await renderAt(paths.app.sell);
    const current = Array.from(menuOf().querySelectorAll('[aria-current="page"]')).map(
      (link) => link.textContent,
    );
    expect(current).toEqual(['Sell']);
  });

  // Forgetting the user in this tab and the others: lib/auth/__tests__/session-end.test.tsx.
  it('logs out: ends the session and goes home', async () => {
    const post = answerApi();
    signIn('client');
    const router = await renderAt(paths.app.profile);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(post).toHaveBeenCalledWith('/auth/sign-out');
  });

  it('stays signed in when the server could not end the session', async () => {
    answerApi().mockRejectedValue(new Error('Network Error'));
    const setUser = vi.fn();
    signIn('client', setUser);
    const router = await renderAt(paths.app.profile);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    });
    expect(setUser).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(paths.app.profile);
  });
});

describe('route error', () => {
  function Broken(): never {
    throw new Error('boom');
  }

  it.each(LANGUAGES)(
    'shows a translated "something went wrong" with reload and home (%s)',
    async (language) => {
      const i18n = await createI18n(language);
      const router = createMemoryRouter([
        { path: '/', Component: Broken, ErrorBoundary: RouteError },
      ]);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      render(
        <MantineProvider>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </MantineProvider>,
      );
      const errors = i18n.getResourceBundle(language, 'errors') as {
        generic: Record<string, string>;
      };
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
        errors.generic.title,
      );
      expect(screen.getByRole('button', { name: errors.generic.reload })).toBeTruthy();
      expect(screen.getByRole('link', { name: errors.generic.home }).getAttribute('href')).toBe(
        paths.home,
      );
      expect(missing).toEqual([]);
    },
  );

  it('still reads in English when the translations never arrived', async () => {
    const bare = i18next.createInstance();
    await bare
      .use(initReactI18next)
      .init({ lng: 'ko', resources: {}, react: { useSuspense: false } });
    const router = createMemoryRouter([
      { path: '/', Component: Broken, ErrorBoundary: RouteError },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider>
        <I18nextProvider i18n={bare}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Something went wrong',
    );
  });
});
