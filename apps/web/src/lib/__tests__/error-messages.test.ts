import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@portal/contract/errors';
import { VALIDATION_MESSAGES_EN } from '@portal/contract/validation-messages';
import { applyApiErrorToForm, errorMessageKey } from '@/lib/form-errors';
import { apiFailure } from '@/testing/api';

/**
 * Every error the API can answer says what is wrong, in both languages: no code falls back to
 * the generic "Something went wrong" or "This value is not valid." (docs/decisions/016).
 */
const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../public/locales');
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

const LANGUAGES = ['en', 'ko'] as const;
const errors = Object.fromEntries(LANGUAGES.map((l) => [l, read(l, 'errors')]));
const validation = Object.fromEntries(LANGUAGES.map((l) => [l, read(l, 'validation')]));
const codeText = (language: string, code: string) =>
  (errors[language]!.codes as Record<string, string | undefined>)[code];

describe.each(LANGUAGES)('in %s', (language) => {
  const generic = [
    errors[language]!.unknown,
    codeText(language, 'VALIDATION_FAILED'),
    validation[language]!.invalid,
  ];

  it.each(ERROR_CODES)('%s has words of its own', (code) => {
    const text = codeText(language, code);
    expect(text, code).toBeTypeOf('string');
    expect(text!.trim().length).toBeGreaterThan(0);
    if (code !== 'VALIDATION_FAILED') expect(generic).not.toContain(text);
  });

  it('no two codes say the same thing', () => {
    const texts = ERROR_CODES.map((code) => codeText(language, code));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('every validation key has words, and only `invalid` says the generic', () => {
    for (const key of Object.keys(VALIDATION_MESSAGES_EN)) {
      const text = validation[language]![key];
      expect(text, key).toBeTypeOf('string');
      if (key !== 'invalid') expect(text, key).not.toBe(validation[language]!.invalid);
    }
  });
});

describe('an answer shown on a form', () => {
  const specific = ERROR_CODES.filter((code) => code !== 'VALIDATION_FAILED');

  it.each(specific)(
    '%s on an input shows the code’s words, not "This value is not valid."',
    (code) => {
      const setError = vi.fn();
      const placed = applyApiErrorToForm(
        apiFailure(400, code, { fields: { email: 'invalid' } }),
        setError,
        ['email'],
      );
      expect(placed).toBe(true);
      expect(setError).toHaveBeenCalledWith(
        'email',
        { type: 'server', message: `errors:codes.${code}` },
        { shouldFocus: true },
      );
    },
  );

  it.each(ERROR_CODES)('%s in a form’s alert or a toast is the code’s words', (code) => {
    expect(errorMessageKey(apiFailure(400, code))).toBe(`errors:codes.${code}`);
  });

  it('a validation key the API names stays the key (it says what is wrong with the value)', () => {
    const setError = vi.fn();
    applyApiErrorToForm(
      apiFailure(400, 'VALIDATION_FAILED', { fields: { email: 'emailInvalid', name: 'invalid' } }),
      setError,
      ['email', 'name'],
    );
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'emailInvalid' },
      expect.anything(),
    );
    // A plain validation failure has nothing more specific to say than the key.
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'invalid' },
      expect.anything(),
    );
  });
});
