import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { theme } from '@/app/theme';
import { addKoreanParticles, i18nOptions, type Language } from '@/lib/i18n';
import { DocumentTitleSink } from '@/lib/use-document-title';
import { UserProvider } from '@/lib/user/user-context';

/** A public page as a visitor who is not signed in first sees it, in one language. */
export interface PrerenderedPage {
  /** The markup of the app's root element. */
  html: string;
  title: string;
  /** The translation namespaces the page read: the browser loads them before it takes over. */
  namespaces: string[];
}

/**
 * Draws a public page at build time, with the same routes, layout, theme and texts as the
 * browser, so that a phone shows the page with the first response instead of after the whole
 * app has loaded (docs/decisions/035-prerendered-public-pages.md). Nothing is asked of the API:
 * the visitor is drawn as not signed in, which is what the browser draws too until the session
 * answers.
 * @public run by scripts/prerender.mjs from the built bundle
 */
export async function renderPublicPage(
  path: string,
  language: Language,
  resources: Resource,
): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect`);
  if (context.statusCode !== 200) throw new Error(`${path} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng: language,
    resources,
    ns: Object.keys(resources[language] ?? {}),
    initAsync: false,
    react: { useSuspense: false },
  });
  addKoreanParticles(i18n);

  let title = '';
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <UserProvider>
            <DocumentTitleSink.Provider value={(pageTitle) => (title = pageTitle)}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </DocumentTitleSink.Provider>
          </UserProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  // react-i18next notes every namespace a component asked for, on the instance (untyped).
  const { reportNamespaces } = i18n as typeof i18n & {
    reportNamespaces?: { getUsedNamespaces(): string[] };
  };
  const used = reportNamespaces?.getUsedNamespaces() ?? [];
  return { html, title, namespaces: [...new Set(['common', ...used])] };
}

/** @public what scripts/prerender.mjs draws, and in which languages */
export { PUBLIC_PAGES } from '@portal/contract/pages';
/** @public */
export { LANGUAGES } from '@/lib/i18n';
