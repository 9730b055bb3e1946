import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The Korean screens call each thing by the one name docs/GLOSSARY.md gives it: no Korean text
 * uses a word of the glossary's "Not" column. The glossary is the source; this test reads it.
 */
const here = dirname(fileURLToPath(import.meta.url));
const glossary = readFileSync(join(here, '../../../../../docs/GLOSSARY.md'), 'utf8');
const koreanLocales = join(here, '../../../public/locales/ko');

interface Term {
  concept: string;
  korean: string;
  not: string[];
}

/** The table's rows after its header and rule: | Concept | English | Korean | Not |. */
function glossaryTerms(): Term[] {
  const rows = glossary
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.map(([concept = '', , korean = '', not = '']) => ({
    concept,
    korean,
    not: not
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
  }));
}

/** Every text of the Korean locale files, with where it is ("file: key.path"). */
function koreanTexts(): Array<{ where: string; text: string }> {
  const texts: Array<{ where: string; text: string }> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') texts.push({ where, text: value });
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
    }
  };
  for (const file of readdirSync(koreanLocales).filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(join(koreanLocales, file), 'utf8')), file.replace('.json', ':'));
  }
  return texts;
}

describe('the glossary', () => {
  const terms = glossaryTerms();
  const texts = koreanTexts();

  it('is read: a table of terms, each with its Korean name', () => {
    expect(terms.length).toBeGreaterThan(20);
    for (const term of terms) expect(term.korean, term.concept).not.toBe('');
  });

  it.each(terms.filter((term) => term.not.length > 0).map((term) => [term.concept, term] as const))(
    'the Korean screens say only its word for: %s',
    (_concept, term) => {
      const drift = texts
        .flatMap(({ where, text }) =>
          term.not.filter((word) => text.includes(word)).map((word) => `${where} uses "${word}"`),
        )
        .sort();
      expect(drift, `use "${term.korean}"`).toEqual([]);
    },
  );
});
