import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasForbiddenCharacters, isScriptLike, safeText } from './validation';

const field = safeText({ max: 100 });

function messageOf(input: unknown): string | undefined {
  const result = field.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('script-like filter', () => {
  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//x.example/a.js>',
    '< script>',
    '</textarea><img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<!-- comment -->',
    'javascript:alert(1)',
    'JaVaScRiPt :alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'x" onmouseover="alert(1)',
    '&lt;script&gt;',
    '&#60;script&#62;',
    '＜script＞', // full-width brackets fold to < > under NFKC
    '{{constructor.constructor("alert(1)")()}}',
  ])('rejects %s', (input) => {
    expect(isScriptLike(input)).toBe(true);
    expect(messageOf(input)).toBe('scriptLike');
  });

  it.each([
    '홍길동',
    'Kim Min-jun',
    "O'Brien & Sons",
    'A&B',
    'x=1',
    '#3',
    'a+b',
    '1 < 2 is true', // a lone less-than with a space and a digit is not a tag
    'price > 100',
    'Seoul, Gangnam-gu 123-45',
    'online shop', // "on" followed by letters but no "="
    'email me at kim@example.com',
  ])('accepts %s', (input) => {
    expect(isScriptLike(input)).toBe(false);
    expect(messageOf(input)).toBeUndefined();
  });
});

describe('free-text field', () => {
  it('normalises decomposed Hangul to NFC and trims', () => {
    const nfd = ' 홍길동 '.normalize('NFD');
    expect(nfd).not.toBe(' 홍길동 ');
    expect(field.parse(nfd)).toBe('홍길동');
  });

  it.each([
    ['a\u0000b', 'invalidCharacters'],
    ['a\u200Bb', 'invalidCharacters'],
    ['abc\u202Edef', 'invalidCharacters'],
    ['\uD800', 'invalidCharacters'],
    ['   ', 'required'],
    ['x'.repeat(101), 'tooLong'],
    [42, 'invalid'],
    [null, 'invalid'],
  ])('refuses %j with %s', (input, key) => {
    expect(messageOf(input)).toBe(key);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        field.safeParse(input);
      }),
    );
  });

  it('accepts every printable Hangul or Latin name without markup', () => {
    const name = fc.stringMatching(/^[가-힣A-Za-z][가-힣A-Za-z .'-]{0,40}$/);
    fc.assert(
      fc.property(name, (value) => {
        expect(field.safeParse(value).success).toBe(!hasForbiddenCharacters(value));
      }),
    );
  });
});
