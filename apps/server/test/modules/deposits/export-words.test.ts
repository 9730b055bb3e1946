import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_EXPORT_WORDS } from '@server/modules/deposits/export';

/** The web's depositsAdmin locale file: the words the Deposits screen shows. */
function screenWords(language: 'en' | 'ko') {
  const path = fileURLToPath(
    new URL(`../../../../web/public/locales/${language}/depositsAdmin.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
}

describe('deposit export words', () => {
  it.each(['en', 'ko'] as const)('are the screen words (%s)', (language) => {
    const screen = screenWords(language);
    const words = DEPOSIT_EXPORT_WORDS[language];
    for (const [key, value] of Object.entries(words.columns)) {
      expect(screen.columns![key]).toBe(value);
    }
    for (const [key, value] of Object.entries(words.tabs)) {
      expect(screen.tabs![key]).toBe(value);
    }
    expect(words.source).toEqual(screen.source);
  });
});
