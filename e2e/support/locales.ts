import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './portal-server';

/** Reads a translation the same way the app does, so tests assert the real texts. */
export function translation(language: 'en' | 'ko', namespace: string, key: string): string {
  const file = join(repoRoot, 'apps/web/public/locales', language, `${namespace}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`No translation ${language}/${namespace}:${key}`);
  return value;
}

/** A translation with its {{placeholders}} filled in. */
export function text(
  language: 'en' | 'ko',
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  return translation(language, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name]),
  );
}
