import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@portal/contract/audit';
import { AUDIT_EXPORT_WORDS } from '@server/modules/audit/export';

/** The web's auditLog locale file: the words the Audit log screen shows. */
function screenWords(language: 'en' | 'ko') {
  const path = fileURLToPath(
    new URL(`../../../../web/public/locales/${language}/auditLog.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(path, 'utf8')) as {
    actions: Record<string, string>;
    columns: Record<string, string>;
  };
}

describe('audit export words', () => {
  it.each(['en', 'ko'] as const)('name every action as the screen does (%s)', (language) => {
    const screen = screenWords(language);
    const exported: Record<string, string> = AUDIT_EXPORT_WORDS[language].actions;
    expect(Object.keys(exported).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS)
      expect(exported[action], action).toBe(screen.actions[action]);
    for (const column of ['action', 'actor', 'subject', 'ip', 'details'] as const) {
      expect(AUDIT_EXPORT_WORDS[language].headers[column], column).toBe(screen.columns[column]);
    }
  });
});
