import { z } from 'zod';
import { validationMessage, type ValidationMessageKey } from './validation-messages';

export { VALIDATION_MESSAGES_EN, type ValidationMessageKey } from './validation-messages';

/**
 * The message of a `.max(n, ...)` check that names its n: `.max(60, atMost())` fails with
 * `tooLong?max=60` (docs/decisions/014). The number is read from the check itself, so it is
 * written once. Works for a length, a size of a list and a number alike.
 */
export function atMost(key: ValidationMessageKey = 'tooLong') {
  return {
    error: (issue: { maximum?: unknown }) =>
      validationMessage(key, issue.maximum === undefined ? {} : { max: String(issue.maximum) }),
  };
}

/** The same for a `.min(n, ...)` check: `secretTooShort?min=16`. */
export function atLeast(key: ValidationMessageKey) {
  return {
    error: (issue: { minimum?: unknown }) =>
      validationMessage(key, issue.minimum === undefined ? {} : { min: String(issue.minimum) }),
  };
}

/**
 * docs/PRODUCT.md "Validation" names a filter for script-like strings. It rejects rather than strips: silently
 * changing what a person typed (a name that deposits are matched by, say) would be worse than
 * telling them. Nothing in the portal renders user text as HTML either; this is the second wall.
 */
const SCRIPT_LIKE_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*[a-z!?]/i, // any tag or comment opener: <script, </div, <img, <svg, <!--
  /\b(?:java|vb|live)script\s*:/i, // javascript: URLs, also with spaces before the colon
  /\bdata\s*:\s*(?:text\/html|image\/svg|application\/(?:x-)?javascript)/i,
  /\bon[a-z]{3,}\s*=/i, // inline event handlers: onerror=, onload =
  /\bexpression\s*\(/i, // old IE CSS expressions
  /\{\{.*\}\}/, // template injection markers
];

/** Characters never legitimate in free text: NUL and other C0/C1 controls (but tab/newline),
 * zero-width and bidirectional-override marks, lone surrogates, and the BOM. */
/* eslint-disable no-control-regex -- matching control characters is the point here */
const FORBIDDEN_CHARACTERS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

/** Entities that decode to markup are as script-like as the markup itself. */
const ENCODED_MARKUP = /&(?:lt|gt|#0*60|#x0*3c|#0*62|#x0*3e);/i;

export function isScriptLike(text: string): boolean {
  const normalised = text.normalize('NFKC');
  return (
    ENCODED_MARKUP.test(normalised) ||
    SCRIPT_LIKE_PATTERNS.some((pattern) => pattern.test(normalised))
  );
}

/** A UTF-16 surrogate without its pair: not a character at all, and not valid UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL can take the text as a parameter: it refuses NUL in text, and a lone
 * surrogate cannot be encoded as UTF-8. For fields that must otherwise take any text as sent (a
 * bank's depositor name, a search), so that such input is a 400 instead of a failed query.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

/**
 * A free-text field: NFC-normalised (so decomposed Hangul is stored as the composed name deposits
 * are matched by), trimmed, limited in length, and refused when script-like or carrying invisible
 * control characters.
 */
export function safeText(options: { max: number; min?: number }) {
  return z
    .string({ error: 'invalid' satisfies ValidationMessageKey })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(options.min ?? 1, { error: 'required' satisfies ValidationMessageKey })
        .max(options.max, atMost())
        .refine((value) => !hasForbiddenCharacters(value), {
          error: 'invalidCharacters' satisfies ValidationMessageKey,
        })
        .refine((value) => !isScriptLike(value), {
          error: 'scriptLike' satisfies ValidationMessageKey,
        }),
    );
}
