import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isParticlePair, withParticle } from '@portal/contract/korean-particles';
import { repoRoot } from './portal-server';

/** Reads a translation the same way the app does, so tests assert the real texts. */
export function translation(language: 'en' | 'ko', namespace: string, key: string): string {
  const file = join(repoRoot, 'apps/web/public/locales', language, `${namespace}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`No translation ${language}/${namespace}:${key}`);
  return value;
}

/**
 * A translation with its {{placeholders}} filled in, a Korean `{{name, josa(이/가)}}` with the
 * particle the app's formatter picks (apps/web/src/lib/i18n.ts).
 */
export function text(
  language: 'en' | 'ko',
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  return translation(language, namespace, key).replace(
    /\{\{(\w+)(?:, josa\(([^)]+)\))?\}\}/g,
    (_, name: string, pair?: string) => {
      const value = String(values[name]);
      return pair && isParticlePair(pair) ? withParticle(value, pair) : value;
    },
  );
}
