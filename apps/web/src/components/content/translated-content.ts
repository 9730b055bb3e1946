/**
 * Long content (FAQ items, legal sections) lives in the locale files as JSON arrays and is read
 * with `t(key, { returnObjects: true })`, which is typed `unknown`-like. These guards turn it into
 * typed lists and drop anything malformed, so a broken locale file shows less, never crashes.
 */

export interface QuestionAnswer {
  question: string;
  answer: string;
}

export interface DocumentSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toStringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function toQuestionAnswers(value: unknown): QuestionAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.question === 'string' && typeof item.answer === 'string'
      ? [{ question: item.question, answer: item.answer }]
      : [],
  );
}

export function toDocumentSections(value: unknown): DocumentSection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || typeof item.heading !== 'string') return [];
    const items = toStringList(item.items);
    return [
      {
        heading: item.heading,
        paragraphs: toStringList(item.paragraphs),
        ...(items.length > 0 ? { items } : {}),
      },
    ];
  });
}
