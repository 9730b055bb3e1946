import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RECONCILIATION_EXPORT_WORDS } from '@server/modules/reconciliation/export';

/** The web's reconciliation locale file: the words the Reconciliation screen shows. */
function screenWords(language: 'en' | 'ko') {
  const path = fileURLToPath(
    new URL(`../../../../web/public/locales/${language}/reconciliation.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
}

describe('reconciliation export words', () => {
  it.each(['en', 'ko'] as const)('are the screen words (%s)', (language) => {
    const screen = screenWords(language);
    const words = RECONCILIATION_EXPORT_WORDS[language];
    expect(words.columns).toEqual(screen.columns);
    expect(words.figures).toEqual(screen.figures);
    expect(words.units).toEqual(screen.units);
  });
});
