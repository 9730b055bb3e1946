import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/contract/errors';
import { isParticlePair } from '@portal/contract/korean-particles';
import { VALIDATION_MESSAGES_EN } from '@portal/contract/validation';
import { LANGUAGES, NAMESPACES } from '@/lib/i18n';

/**
 * The locale files are the product's text. English and Korean must carry the same keys (a key
 * missing in one language shows a raw key to its readers), nothing may be empty, the validation
 * texts must be exactly the contract's, every API error code needs a message, and Korean must be
 * actually translated.
 */
// A path, not a URL object: under jsdom `URL` is jsdom's, which node:url does not accept.
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'locales');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function fileOf(language: string, namespace: string) {
  return join(localesDir, language, `${namespace}.json`);
}

function load(language: string, namespace: string): Json {
  return JSON.parse(readFileSync(fileOf(language, namespace), 'utf8')) as Json;
}

/** Every leaf as `a.b.0.c` -> value. */
function flatten(value: Json, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0) into.set(prefix, value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/**
 * Values that are rightly the same in both languages: each language named in its own language,
 * the support email address. (Values with no letters at all, like a phone number, are not prose.)
 */
const SAME_IN_BOTH_LANGUAGES = new Set([
  'common:language.en',
  'common:language.ko',
  'common:support.email',
]);

/** Prose has letters once interpolation placeholders like {{year}} are taken out. */
function isProse(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

const flat = (language: string, namespace: string) => flatten(load(language, namespace));

describe('locale files', () => {
  it.each(
    LANGUAGES.flatMap((language) => NAMESPACES.map((namespace) => [language, namespace] as const)),
  )('%s/%s.json exists and parses', (language, namespace) => {
    expect(existsSync(fileOf(language, namespace)), `missing ${language}/${namespace}.json`).toBe(
      true,
    );
    expect(() => load(language, namespace)).not.toThrow();
  });

  it.each(NAMESPACES)('%s: English and Korean have the same keys', (namespace) => {
    const en = new Set(flat('en', namespace).keys());
    const ko = new Set(flat('ko', namespace).keys());
    const onlyEn = [...en].filter((key) => !ko.has(key));
    const onlyKo = [...ko].filter((key) => !en.has(key));
    expect(
      { onlyInEnglish: onlyEn, onlyInKorean: onlyKo },
      `${namespace}: keys differ between en and ko`,
    ).toEqual({ onlyInEnglish: [], onlyInKorean: [] });
  });

  it.each(
    LANGUAGES.flatMap((language) => NAMESPACES.map((namespace) => [language, namespace] as const)),
  )('%s/%s.json has only non-empty text values', (language, namespace) => {
    const bad = [...flat(language, namespace)]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(bad, `${language}/${namespace}: empty or non-text values`).toEqual([]);
  });

  it('validation (en) is exactly the contract VALIDATION_MESSAGES_EN', () => {
    expect(load('en', 'validation')).toEqual({ ...VALIDATION_MESSAGES_EN });
  });

  it('validation (ko) names the same numbers as the English (a key carries them, decision 014)', () => {
    const placeholders = (text: Json | undefined) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const ko = flat('ko', 'validation');
    const differing = Object.entries(VALIDATION_MESSAGES_EN)
      .filter(([key, english]) => placeholders(english).join() !== placeholders(ko.get(key)).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(LANGUAGES)('errors (%s) has a message for every API error code', (language) => {
    const errors = flat(language, 'errors');
    const missing = ERROR_CODES.filter((code) => typeof errors.get(`codes.${code}`) !== 'string');
    expect(missing, `${language}/errors.json lacks codes.<CODE> for`).toEqual([]);
  });

  it.each(NAMESPACES)('%s: Korean prose is translated, not copied from English', (namespace) => {
    const en = flat('en', namespace);
    const copied = [...flat('ko', namespace)]
      .filter(([key, value]) => {
        if (SAME_IN_BOTH_LANGUAGES.has(`${namespace}:${key}`)) return false;
        return typeof value === 'string' && isProse(value) && en.get(key) === value;
      })
      .map(([key]) => key);
    expect(copied, `${namespace}: Korean values identical to English`).toEqual([]);
  });

  it.each(NAMESPACES)(
    '%s: Korean picks its particles, never writes both forms like 이(가)',
    (namespace) => {
      const bothForms = [...flat('ko', namespace)]
        .filter(
          ([, value]) =>
            typeof value === 'string' &&
            /(을\(를\)|이\(가\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로)/.test(value),
        )
        .map(([key]) => key);
      expect(bothForms, `${namespace}: use {{value, josa(이/가)}} instead`).toEqual([]);
    },
  );

  it.each(
    LANGUAGES.flatMap((language) => NAMESPACES.map((namespace) => [language, namespace] as const)),
  )(
    '%s/%s.json: every josa format names one of the five pairs, and only Korean uses it',
    (language, namespace) => {
      const formats = [...flat(language, namespace).values()].flatMap((value) =>
        typeof value === 'string' ? [...value.matchAll(/\{\{[^}]*josa\(([^)]*)\)[^}]*\}\}/g)] : [],
      );
      if (language !== 'ko') expect(formats.map((match) => match[0])).toEqual([]);
      for (const [format, pair = ''] of formats) expect(isParticlePair(pair), format).toBe(true);
    },
  );

  it('keeps the allow-list honest: every allowed key exists', () => {
    const stale = [...SAME_IN_BOTH_LANGUAGES].filter((id) => {
      const [namespace = '', key = ''] = id.split(':');
      return !flat('en', namespace).has(key);
    });
    expect(stale).toEqual([]);
  });
});
