import type { Page } from 'playwright-core';
import type { Language } from './browser';
import { text } from './locales';

/** Demo users seeded by the server (apps/server/src/demo/identity.ts; README "Demo sign-ins"). */
export const DEMO_USERS = {
  client: { email: 'client@wonbridge.example', password: 'Client#2026!' },
  agency: { email: 'agency@wonbridge.example', password: 'Agency#2026!' },
  operator: { email: 'operator@wonbridge.example', password: 'Operator#2026!' },
} as const;

/** Fills and sends the sign-in dialog, which must already be open. */
export async function signIn(page: Page, language: Language, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
  await dialog.waitFor();
  const field = (key: string) =>
    dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
  await field('email').fill(email);
  await field('password').fill(password);
  await dialog.getByRole('button', { name: text(language, 'auth', 'signIn.submit') }).click();
}
