import { describe, expect, it } from 'vitest';
import { pageLanguageOf, publicPageAt, PUBLIC_PAGES } from './pages';

describe('publicPageAt', () => {
  it('names each public page by its path, with or without a trailing slash', () => {
    for (const [page, path] of Object.entries(PUBLIC_PAGES)) {
      expect(publicPageAt(path)).toBe(page);
      expect(publicPageAt(`${path}/`)).toBe(page);
    }
  });

  it.each(['/about', '/app', '/app/buy', '/terms/x', '/index.html', ''])(
    'names no page at %j',
    (path) => expect(publicPageAt(path)).toBeNull(),
  );
});

describe('pageLanguageOf', () => {
  it.each([
    ['ko', 'en-US', 'ko'],
    ['en', 'ko-KR,ko;q=0.9', 'en'],
    [undefined, 'ko-KR,ko;q=0.9,en;q=0.8', 'ko'],
    [undefined, ' KO ', 'ko'],
    [undefined, 'en-GB,ko;q=0.9', 'en'],
    [undefined, 'ja', 'en'],
    ['', 'ko', 'ko'],
    ['fr', 'ko', 'en'],
    [undefined, undefined, 'en'],
    [undefined, '', 'en'],
  ])('chosen %j, browser %j: %s', (chosen, acceptLanguage, language) => {
    expect(pageLanguageOf(chosen, acceptLanguage)).toBe(language);
  });
});
