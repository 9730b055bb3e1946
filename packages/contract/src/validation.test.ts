import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { atLeast, atMost, hasForbiddenCharacters, isScriptLike, safeText } from './validation';
import {
  isValidationMessage,
  readValidationMessage,
  validationMessage,
  validationMessageEn,
} from './validation-messages';
import { newAgencyCodeSchema } from './agencies';
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
    ['x'.repeat(101), 'tooLong?max=100'],
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

  it.each([
    '김민준',
    '남궁 민수',
    'Kim Minjun',
    "O'Brien-Smith",
    'Jean-Luc Picard',
    'Mary Ann Smith',
    'Martin Luther King Jr.',
    'NGUYEN VAN AN',
    '김 Minjun',
  ])('takes %s', (name) => {
    expect(personNameSchema.parse(name)).toBe(name);
  });

  it.each([
    ['an emoji', '김민준😀'],
    ['a heart', 'Kim ♥ Minjun'],
    ['digits', '홍길동2'],
    ['an accented letter, which Korean banks drop', 'José Álvarez'],
    ['a typographic apostrophe', 'O’Brien'],
    ['a middle dot', '마이클·잭슨'],
    ['an underscore', 'Park_Ji'],
    ['a percent sign', 'Lee 50%'],
    ['brackets', '김민준(본인)'],
    ['a comma', 'Kim, Minjun'],
    ['a lone jamo', '김ㅁ준'],
    ['Chinese characters', '金民俊'],
    ['a leading hyphen', '-Kim'],
    ['a leading period', '.김민준'],
  ])('refuses %s', (_what, name) => {
    expect(nameMessage(name)).toBe('nameCharacters');
  });

  it('says the limit of a long name', () => {
    expect(nameMessage('가'.repeat(61))).toBe('tooLong?max=60');
    expect(personNameSchema.parse('가'.repeat(60))).toBe('가'.repeat(60));
  });

  it('takes every name of Hangul or Latin letters with marks between them', () => {
    const name = fc.stringMatching(/^[가-힣A-Za-z][가-힣A-Za-z .'-]{0,40}[가-힣A-Za-z.]$/);
    fc.assert(
      fc.property(name, (value) => {
        expect(personNameSchema.safeParse(value).success).toBe(true);
      }),
    );
  });

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

describe('message keys with parameters', () => {
  it('writes and reads a key with the numbers its text names', () => {
    expect(validationMessage('tooLong', { max: 60 })).toBe('tooLong?max=60');
    expect(validationMessage('required')).toBe('required');
    expect(readValidationMessage('tooLong?max=60')).toEqual({
      key: 'tooLong',
      params: { max: '60' },
    });
    expect(readValidationMessage('required')).toEqual({ key: 'required', params: {} });
    const limits = validationMessage('amountBelowMin', { min: '10', max: '10000', unit: 'US DT&' });
    expect(readValidationMessage(limits)).toEqual({
      key: 'amountBelowMin',
      params: { min: '10', max: '10000', unit: 'US DT&' },
    });
  });

  it('reads any text without throwing, and knows its own keys only', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        readValidationMessage(text);
        expect(typeof isValidationMessage(text)).toBe('boolean');
      }),
    );
    expect(isValidationMessage('tooLong?max=60')).toBe(true);
    expect(isValidationMessage('tooLong')).toBe(true);
    expect(isValidationMessage('toString?x=1')).toBe(false);
    expect(readValidationMessage('tooLong?__proto__=1&max=%E0%A4%A')).toMatchObject({
      key: 'tooLong',
      params: { max: '%E0%A4%A' },
    });
  });

  it('fills the English text for the server’s own messages', () => {
    expect(validationMessageEn('tooLong?max=60')).toBe('Use at most 60 characters.');
    expect(validationMessageEn('numberWholeWon')).toBe('Enter whole won, without decimals.');
    expect(validationMessageEn('nope')).toBeUndefined();
  });

  it('says the shortest agency code', () => {
    expect(newAgencyCodeSchema.safeParse('a').error?.issues[0]?.message).toBe('tooShort?min=2');
    expect(newAgencyCodeSchema.parse('se-01')).toBe('SE-01');
  });

  it('has every limit of a schema name its number, from the check itself', () => {
    const schema = z.object({
      note: z.string().max(5, atMost()),
      items: z.array(z.string()).max(2, atMost('tooMany')),
      secret: z.string().min(16, atLeast('secretTooShort')),
    });
    const result = schema.safeParse({ note: 'toolong', items: ['a', 'b', 'c'], secret: 'short' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'tooLong?max=5',
      'tooMany?max=2',
      'secretTooShort?min=16',
    ]);
  });
});
