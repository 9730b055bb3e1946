import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectionOptions, LANGUAGE_STORAGE_KEY, toSupportedLanguage } from '@/lib/i18n';

function detectWith(stored: string | null, browserLanguages: string[]) {
  if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguages[0] ?? '');
  const detector = new LanguageDetector(null, detectionOptions);
  const detected = detector.detect();
  // i18next takes the first detected language it supports; ours are all converted to en or ko.
  return toSupportedLanguage(Array.isArray(detected) ? detected[0] : detected);
}

afterEach(() => vi.restoreAllMocks());

describe('language detection (docs/PRODUCT.md "Constants")', () => {
  it.each([
    ['ko-KR', 'ko'],
    ['ko', 'ko'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('a stored %j selects %s whatever the browser says', (stored, expected) => {
    expect(detectWith(stored, ['ko-KR'])).toBe(stored === '' ? 'ko' : expected);
    localStorage.clear();
    expect(detectWith(stored, ['en-US'])).toBe(stored === '' ? 'en' : expected);
  });

  it.each([
    [['ko-KR', 'en-US'], 'ko'],
    [['ko'], 'ko'],
    [['en-US', 'ko-KR'], 'en'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ])('with nothing stored, browser languages %j select %s', (languages, expected) => {
    expect(detectWith(null, languages)).toBe(expected);
  });

  it('caches the choice in local storage', () => {
    const detector = new LanguageDetector(null, detectionOptions);
    detector.cacheUserLanguage('ko');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
  });
});
