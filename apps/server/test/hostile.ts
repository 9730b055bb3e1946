import { isValidationMessage } from '@portal/contract/validation-messages';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Hostile requests built from one valid body: every field in turn gets markup, script URLs,
 * oversized text, invisible characters and wrong types, or goes missing; then unknown fields
 * and bodies that are not a JSON object at all. Each case is sent as raw text with its own
 * content type, exactly as an attacker's client would.
 */
export interface HostileCase {
  label: string;
  /** The field made hostile, when there is one. */
  field?: string;
  contentType: string;
  payload: string;
}

export const HOSTILE_TEXT: Readonly<Record<string, string>> = {
  'a script tag': '<script>alert(1)</script>',
  'an event handler': '<img src=x onerror=alert(1)>',
  'a javascript: URL': 'javascript:alert(1)',
  'encoded markup': '&lt;script&gt;',
  'oversized text': 'x'.repeat(5_000),
  'a NUL character': 'a\u0000b',
  'a zero-width space': 'a\u200Bb',
  'a bidi override': 'a\u202Eb',
  'a BOM': 'a\uFEFFb',
};

export const WRONG_TYPES: Readonly<Record<string, unknown>> = {
  'a number': 12345,
  'an array': ['a', 'b'],
  'an object': { $gt: '' },
  null: null,
  'a boolean': true,
};

const JSON_TYPE = 'application/json';

/** Puts `text` in the middle of a valid value (as a word of its own), so trimming cannot save
 * it. */
function inside(valid: unknown, text: string): string {
  if (typeof valid !== 'string') return text;
  const middle = Math.ceil(valid.length / 2);
  return `${valid.slice(0, middle)} ${text} ${valid.slice(middle)}`;
}

export function hostileCases(
  valid: Record<string, unknown>,
  options: { optional?: readonly string[] } = {},
): HostileCase[] {
  const cases: HostileCase[] = [];
  const json = (label: string, body: unknown, field?: string) =>
    cases.push({ label, field, contentType: JSON_TYPE, payload: JSON.stringify(body) });

  for (const field of Object.keys(valid)) {
    for (const [name, text] of Object.entries(HOSTILE_TEXT)) {
      json(`${field}: ${name}`, { ...valid, [field]: inside(valid[field], text) }, field);
    }
    for (const [name, value] of Object.entries(WRONG_TYPES)) {
      json(`${field}: ${name}`, { ...valid, [field]: value }, field);
    }
    if (!options.optional?.includes(field)) {
      const { [field]: _missing, ...rest } = valid;
      json(`${field}: missing`, rest, field);
    }
  }
  json('an unknown field', { ...valid, isAdmin: true }, 'isAdmin');
  const smuggled = 'role' in valid ? { status: 'disabled' } : { role: 'operator' };
  json('a privilege smuggled in', { ...valid, ...smuggled }, Object.keys(smuggled)[0]);
  const raw = (label: string, contentType: string, payload: string) =>
    cases.push({ label, contentType, payload });
  raw(
    'a __proto__ key',
    JSON_TYPE,
    `{"__proto__":{"role":"operator"},${JSON.stringify(valid).slice(1)}`,
  );
  raw('malformed JSON', JSON_TYPE, '{"email": ');
  raw('an empty JSON body', JSON_TYPE, '');
  raw('JSON null', JSON_TYPE, 'null');
  raw('a JSON array', JSON_TYPE, JSON.stringify([valid]));
  raw('a JSON string', JSON_TYPE, '"hello"');
  raw('plain text', 'text/plain', 'email=a@b.c&password=x');
  raw('a form', 'application/x-www-form-urlencoded', new URLSearchParams({ a: 'b' }).toString());
  raw('XML', 'application/xml', '<user><role>operator</role></user>');
  raw('a body over 1 MB', JSON_TYPE, JSON.stringify({ ...valid, padding: 'x'.repeat(1_100_000) }));
  return cases;
}

const STABLE_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** A refusal: 4xx, a stable code, a message for people, message keys for fields. */
export function expectRefused(response: LightMyRequestResponse, hostile: HostileCase) {
  expect(
    response.statusCode,
    `${hostile.label}: ${response.body.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, hostile.label).toBeLessThan(500);
  const { error } = response.json() as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  expect(STABLE_CODES, hostile.label).toContain(error.code);
  expect(error.message.length, hostile.label).toBeGreaterThan(5);
  for (const key of Object.values(error.fields ?? {})) {
    expect(isValidationMessage(key), `${hostile.label}: ${key}`).toBe(true);
  }
  if (hostile.field && error.code === 'VALIDATION_FAILED') {
    expect(Object.keys(error.fields ?? {}), hostile.label).toContain(hostile.field);
  }
}
