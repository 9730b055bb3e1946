import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { NAUGHTY_STRINGS } from './naughty-strings';
import type { ApiRoute } from '../route-table';

/**
 * Generated hostile requests for one route. Each request makes one part of an otherwise valid
 * request hostile (the body, the query string, a path parameter or a header), so that the part
 * under attack is the only thing standing between the request and the route's handler.
 */
export type HostilePart = 'body' | 'raw body' | 'query' | 'params' | 'headers';

export interface RouteExample {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

export interface HostileRequest {
  part: HostilePart;
  /** What was done, for failure messages (kept short: payloads can be megabytes). */
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Exactly the bytes sent, with their content type in `headers`. */
  payload?: string | Buffer;
  /** What the server's parsers will make of the request, for the contract's verdict. */
  parsed: { body?: unknown; bodyUnparseable?: boolean; query: unknown; params: unknown };
}

/** A JSON token written as is: numbers JSON.stringify cannot produce (1e309, 2^53 + 1). */
class RawJson {
  constructor(readonly text: string) {}
}

const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '18446744073709551616',
  '123456789012345678901234567890',
  '-0',
  '0.1',
  '1.5',
  '-1',
  '1E2',
].map((text) => new RawJson(text));

/** Serialises with RawJson tokens in place. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return item;
  });
  return (text ?? '').replace(/"@@raw(\d+)@@"/g, (_match, index: string) => raws[Number(index)]!);
}

/** Single characters worth mixing into any text. */
const NASTY_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202E',
  '\u2066',
  '\u2028',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\u0301',
  '<',
  '>',
  '"',
  "'",
  '`',
  '\\',
  '%',
  '&',
  ';',
  '/',
  '*',
  '-',
  '가',
  '😀',
];

const naughty = fc.constantFrom(...NAUGHTY_STRINGS);

/** Text a value may be replaced with. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: naughty },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom(...NASTY_CHARACTERS),
      minLength: 1,
      maxLength: 24,
    }),
  },
  // Past every field's length limit; a few sizes rather than any, so the sweep stays fast (the
  // body limit itself is tested by the 1 MB raw body).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('x', '가', '\u1100\u1161', '<', '😀', '\u200B', '%'),
        fc.constantFrom(257, 1_025, 10_001, 65_537),
      )
      .map(([unit, times]) => unit.repeat(times)),
  },
);

/** A value of the wrong kind altogether. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS),
  fc.double(),
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    [],
    {},
    { $gt: '' },
    ['a', 'b'],
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.array(naughty, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('$ne', '__proto__', 'constructor', 'toString'), naughty),
  fc.nat(200).map((depth) => nested(depth + 10)),
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A valid value with hostile text inside it (neither trimming nor a prefix check saves it). */
const spliced = (valid: unknown) =>
  fc.tuple(naughty, fc.nat()).map(([text, at]) => {
    if (typeof valid !== 'string') return text;
    const cut = at % (valid.length + 1);
    return `${valid.slice(0, cut)}${text}${valid.slice(cut)}`;
  });

const hostileValue = (valid: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: hostileText },
    { weight: 2, arbitrary: spliced(valid) },
    { weight: 3, arbitrary: wrongValue },
  );

/** Fields no route has, and the ones that would grant privileges if a route took them. */
const SMUGGLED_FIELDS = [
  'isAdmin',
  'role',
  'status',
  'userId',
  'id',
  'agencyId',
  'balance',
  'constructor',
  'prototype',
];

const JSON_TYPE = 'application/json';

/** Whole bodies that are not what any JSON route expects. */
const RAW_BODIES: ReadonlyArray<{ label: string; contentType: string; payload: string | Buffer }> =
  [
    { label: 'malformed JSON', contentType: JSON_TYPE, payload: '{"a": ' },
    { label: 'trailing garbage', contentType: JSON_TYPE, payload: '{}garbage' },
    { label: 'NaN', contentType: JSON_TYPE, payload: '{"a": NaN}' },
    { label: 'leading zeros', contentType: JSON_TYPE, payload: '{"a": 00012}' },
    { label: 'a comment', contentType: JSON_TYPE, payload: '{/* x */}' },
    { label: 'single quotes', contentType: JSON_TYPE, payload: "{'a': 'b'}" },
    { label: 'an empty body', contentType: JSON_TYPE, payload: '' },
    { label: 'whitespace', contentType: JSON_TYPE, payload: ' \n\t ' },
    { label: 'JSON null', contentType: JSON_TYPE, payload: 'null' },
    { label: 'a JSON array', contentType: JSON_TYPE, payload: '[{}]' },
    { label: 'a JSON string', contentType: JSON_TYPE, payload: '"hello"' },
    { label: 'a JSON number', contentType: JSON_TYPE, payload: '1e309' },
    {
      label: 'a __proto__ key',
      contentType: JSON_TYPE,
      payload: '{"__proto__":{"role":"operator"}}',
    },
    {
      label: 'a constructor.prototype key',
      contentType: JSON_TYPE,
      payload: '{"constructor":{"prototype":{"role":"operator"}}}',
    },
    { label: 'duplicate keys', contentType: JSON_TYPE, payload: '{"a":"1","a":{"$gt":""}}' },
    { label: 'a BOM', contentType: JSON_TYPE, payload: '\uFEFF{}' },
    {
      label: 'invalid UTF-8',
      contentType: JSON_TYPE,
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    {
      label: 'an overlong UTF-8 quote',
      contentType: JSON_TYPE,
      payload: Buffer.from([0x7b, 0xc0, 0xa2, 0x7d]),
    },
    {
      label: 'UTF-16',
      contentType: 'application/json; charset=utf-16',
      payload: Buffer.from('{}', 'utf16le'),
    },
    {
      label: 'deep nesting',
      contentType: JSON_TYPE,
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    },
    { label: 'plain text', contentType: 'text/plain', payload: 'role=operator' },
    {
      label: 'a form',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'role=operator&a[]=1',
    },
    {
      label: 'XML',
      contentType: 'application/xml',
      payload:
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    {
      label: 'SVG',
      contentType: 'image/svg+xml',
      payload: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    },
    { label: 'an unknown content type', contentType: 'application/x-evil', payload: '{}' },
    {
      label: 'a content type with parameters',
      contentType: 'application/json; charset=evil; boundary=x',
      payload: '{}',
    },
    {
      label: 'multipart with a hostile file',
      contentType: 'multipart/form-data; boundary=XyZ',
      payload: [
        '--XyZ',
        'Content-Disposition: form-data; name="file"; filename="../../<img src=x onerror=alert(1)>.csv"',
        'Content-Type: text/csv',
        '',
        'bankReference,depositorName,amountKrw,receivedAt',
        "=cmd|' /C calc'!A0,<script>alert(1)</script>,-1e309,2026-02-30",
        '--XyZ--',
        '',
      ].join('\r\n'),
    },
    {
      label: 'multipart cut short',
      contentType: 'multipart/form-data; boundary=XyZ',
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8',
    },
  ];

/** Over the 1 MB body limit: sent rarely, since each one is a megabyte to build and refuse. */
const OVERSIZED_BODY = {
  label: 'a body over 1 MB',
  contentType: JSON_TYPE,
  payload: toJson({ padding: 'x'.repeat(1_100_000) }),
};

/** Query-string and path text that is broken at the level of percent-encoding. */
const BROKEN_ENCODINGS = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%00',
  '%C0%AE%C0%AE',
  '%E0%80%AF',
  '%FF%FE',
  '%u003c',
];

/** Percent-encodes any JS string, lone surrogates included (encodeURIComponent throws on them). */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** What Fastify's querystring parser makes of a query: repeated keys become arrays. */
function parseQuery(query: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const name = safeDecode(key);
    const decoded = safeDecode(value);
    const existing = result[name];
    result[name] =
      existing === undefined
        ? decoded
        : Array.isArray(existing)
          ? [...existing, decoded]
          : [existing, decoded];
  }
  return result;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Node refuses request lines over 16 KB before any route sees them, so longer URL text only
 * tests the test; 4,000 characters is already past every query field's limit. */
function inUrl(text: string): string {
  return text.slice(0, 4_000);
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : toJson(value);
}

/** The route's URL with its path parameters filled in (each already encoded). */
function fill(route: ApiRoute, params: Record<string, string>): string {
  return route.url.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => params[name]!);
}

function paramNames(route: ApiRoute): string[] {
  return [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);
}

function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  // Refined or piped objects keep theirs one level in.
  const inner = (schema as { def?: { in?: unknown; schema?: unknown } } | undefined)?.def;
  return inner ? schemaKeys(inner.in ?? inner.schema) : [];
}

/**
 * `count` hostile requests for `route`, reproducible from `seed`. `example` is a valid request;
 * the path parameters default to fresh UUIDs (so a request that passes validation finds nothing
 * to act on).
 */
export function hostileRequests(
  route: ApiRoute,
  example: RouteExample,
  count: number,
  seed: number,
): HostileRequest[] {
  const names = paramNames(route);
  const validParams = Object.fromEntries(
    names.map((name) => [name, example.params?.[name] ?? randomUUID()]),
  );
  const validQuery = example.query ?? {};
  const validBody = example.body;
  const hasBody = route.method !== 'GET';

  const make = (
    part: HostilePart,
    label: string,
    changes: {
      params?: Record<string, string>;
      rawParams?: Record<string, string>;
      query?: string;
      headers?: Record<string, string>;
      body?: { contentType: string; payload: string | Buffer };
    },
  ): HostileRequest => {
    const params = { ...validParams, ...changes.params };
    const encodedParams = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        changes.rawParams?.[name] ?? encode(value),
      ]),
    );
    const query = changes.query ?? new URLSearchParams(validQuery).toString();
    const url = `${fill(route, encodedParams)}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { ...changes.headers };
    let payload: string | Buffer | undefined;
    let body: unknown;
    let bodyUnparseable = false;
    if (changes.body) {
      headers['content-type'] = changes.body.contentType;
      payload = changes.body.payload;
      // As Fastify reads it: JSON by the media type alone (parameters such as a charset are
      // ignored), and a leading byte-order mark dropped before parsing.
      const json = changes.body.contentType.split(';')[0]!.trim().toLowerCase() === JSON_TYPE;
      try {
        body = json ? JSON.parse(payload.toString().replace(/^\uFEFF/, '')) : undefined;
        bodyUnparseable = !json;
      } catch {
        bodyUnparseable = true;
      }
    } else if (hasBody && validBody !== undefined) {
      headers['content-type'] = JSON_TYPE;
      payload = toJson(validBody);
      body = validBody;
    }
    return {
      part,
      label,
      url,
      headers,
      payload,
      parsed: {
        body,
        bodyUnparseable,
        query: parseQuery(query),
        params: Object.fromEntries(
          Object.entries(encodedParams).map(([name, value]) => [name, safeDecode(value)]),
        ),
      },
    };
  };

  const bodyFields = [
    ...new Set([...schemaKeys(route.schema.body), ...Object.keys(validBody ?? {})]),
  ];
  const bodyField = fc.constantFrom(...bodyFields, ...SMUGGLED_FIELDS);
  const bodyMutation = fc
    .array(
      fc
        .tuple(bodyField, fc.boolean())
        .chain(([field, drop]) =>
          hostileValue(validBody?.[field]).map((value) => ({ field, drop, value })),
        ),
      { minLength: 1, maxLength: 3 },
    )
    .map((changes) => {
      const body: Record<string, unknown> = { ...validBody };
      for (const { field, drop, value } of changes) {
        // Now and then a required field goes missing next to the hostile one.
        if (drop && field in body && changes.length > 1) delete body[field];
        else body[field] = value;
      }
      return make('body', changes.map((c) => `${c.field}=${describe(c.value)}`).join(' '), {
        body: { contentType: JSON_TYPE, payload: toJson(body) },
      });
    });

  const rawBody = fc
    .oneof(
      { weight: 60, arbitrary: fc.constantFrom(...RAW_BODIES) },
      { weight: 1, arbitrary: fc.constant(OVERSIZED_BODY) },
    )
    .map((raw) => make('raw body', raw.label, { body: raw }));

  const queryFields = [
    ...new Set([...schemaKeys(route.schema.querystring), ...Object.keys(validQuery)]),
  ];
  const queryMutation = fc
    .array(
      fc.tuple(
        fc.constantFrom(...queryFields, ...SMUGGLED_FIELDS, 'q', 'page'),
        fc.array(
          hostileText
            .map((text) => inUrl(text))
            .chain((text) =>
              fc.oneof(
                { weight: 5, arbitrary: fc.constant(encode(text)) },
                { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS) },
              ),
            ),
          { minLength: 1, maxLength: 3 },
        ),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((changes) => {
      const pairs = new URLSearchParams(validQuery).toString().split('&').filter(Boolean);
      const changed = new Set(changes.map(([field]) => field));
      const kept = pairs.filter((pair) => !changed.has(pair.split('=')[0]!));
      for (const [field, values] of changes) {
        for (const value of values) kept.push(`${encode(field)}=${value}`);
      }
      return make(
        'query',
        changes.map(([field, values]) => `${field}=${describe(values.join(','))}`).join(' '),
        {
          query: kept.join('&'),
        },
      );
    });

  const paramMutation =
    names.length === 0
      ? undefined
      : fc
          .tuple(
            fc.constantFrom(...names),
            fc.oneof(
              { weight: 5, arbitrary: hostileText.map((text) => encode(inUrl(text))) },
              {
                weight: 1,
                arbitrary: fc.constantFrom(...BROKEN_ENCODINGS, '..', '.', '%2e%2e%2f', '%2F'),
              },
            ),
          )
          .map(([name, raw]) =>
            make('params', `:${name}=${describe(raw)}`, { rawParams: { [name]: raw } }),
          );

  const headerMutation = fc
    .tuple(
      fc.constantFrom(
        'x-request-id',
        'accept-language',
        'user-agent',
        'accept',
        'if-none-match',
        'x-forwarded-for',
        'cookie',
      ),
      hostileText,
    )
    .map(([name, text]) => {
      // Node refuses non-Latin-1 and control bytes in headers before they are sent; what an
      // attacker can send is the printable rest, at any length.
      const value = text.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000) || '?';
      return make('headers', `${name}: ${describe(value)}`, {
        headers: { [name]: value },
      });
    });

  const parts: Array<{ weight: number; arbitrary: fc.Arbitrary<HostileRequest> }> = [];
  if (hasBody) {
    parts.push({ weight: 12, arbitrary: bodyMutation }, { weight: 3, arbitrary: rawBody });
  }
  parts.push({ weight: hasBody ? 2 : 12, arbitrary: queryMutation });
  if (paramMutation) parts.push({ weight: hasBody ? 3 : 6, arbitrary: paramMutation });
  parts.push({ weight: 1, arbitrary: headerMutation });

  return fc.sample(fc.oneof(...parts), { numRuns: count, seed });
}

/** A short, printable description of a value for failure messages. */
function describe(value: unknown): string {
  const text = value instanceof RawJson ? value.text : stringify(value);
  const printable = JSON.stringify(
    text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text,
  );
  return printable;
}
