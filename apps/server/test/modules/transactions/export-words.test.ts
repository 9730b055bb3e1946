import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_WORDS } from '@server/modules/transactions/export';

/** The web's transactions locale file: the words the screens show. */
function screenWords(language: 'en' | 'ko') {
  const path = fileURLToPath(
    new URL(`../../../../web/public/locales/${language}/transactions.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(path, 'utf8')) as {
    type: Record<string, string>;
    status: Record<string, string>;
    detail: Record<string, string>;
  };
}

describe('export words', () => {
  it.each(['en', 'ko'] as const)('are the words the screens show (%s)', (language) => {
    const screen = screenWords(language);
    const exported = EXPORT_WORDS[language];
    expect(exported.type).toEqual({ buy: screen.type.buy, sell: screen.type.sell });
    for (const [status, word] of Object.entries(exported.status)) {
      expect(word, status).toBe(screen.status[status]);
    }
    for (const column of ['number', 'type', 'merchant', 'account', 'amount', 'rate'] as const) {
      expect(exported.headers[column], column).toBe(screen.detail[column]);
    }
  });
});
