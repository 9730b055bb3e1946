import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasForbiddenCharacters, isScriptLike, safeText } from './validation';
import { personNameSchema } from './auth';

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

describe('person name', () => {
  const nameMessage = (input: string) => {
    const result = personNameSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each([
    ['Hangul filler U+3164', '김\u3164민준'],
    ['choseong filler U+115F', '\u115F김민준'],
    ['jungseong filler U+1160', '김민\u1160준'],
    ['halfwidth filler U+FFA0', '김민준\uFFA0'],
    ['soft hyphen (Cf)', 'Min\u00ADjun'],
    ['Mongolian vowel separator (Cf)', '김민\u180E준'],
    ['word joiner (Cf)', 'Kim\u2060Minjun'],
    ['no-break space', 'Kim\u00A0Minjun'],
    ['ideographic space', '김\u3000민준'],
    ['tab', 'Kim\tMinjun'],
    ['Braille blank', '김\u2800민준'],
  ])('refuses a %s', (_what, name) => {
    expect(nameMessage(name)).toMatch(/^(nameInvisibleCharacters|invalidCharacters)$/);
  });

  it('says why for an invisible filler', () => {
    expect(nameMessage('김\u3164민준')).toBe('nameInvisibleCharacters');
  });

  it.each(['김민준', 'Kim Minjun', "O'Brien-Smith", 'José Álvarez', '남궁 민수'])(
    'takes %s',
    (name) => {
      expect(personNameSchema.parse(name)).toBe(name);
    },
  );

  it('never takes a name that differs from its visible letters and single spaces', () => {
    const invisible = fc.constantFrom('\u3164', '\u115F', '\u1160', '\uFFA0', '\u200D', '\u00AD');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), invisible, (base, hidden) => {
        const name = `${base.trim() || 'A'}${hidden}x`;
        expect(personNameSchema.safeParse(name).success).toBe(false);
      }),
    );
  });
});
