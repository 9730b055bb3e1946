import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, languageDetector } from '@/lib/i18n';

function detectWith(stored: string | null, browserLanguages: string[]) {
  if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguages[0] ?? '');
  return languageDetector.detect();
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
    languageDetector.cacheUserLanguage?.('ko');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
  });

  it('lets the browser decide when local storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(detectWith(null, ['ko-KR'])).toBe('ko');
  });
});
