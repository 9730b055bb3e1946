import { useCallback, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * How a list screen keeps what it shows (page, filters, search) in the address, so a view can be
 * shared, reloaded, and undone with Back (docs/decisions/012 "Lists keep their state one way").
 * The address is read through the API's own query schema from the contract, narrowed to the
 * keys a person chooses (`pick`): what the schema refuses is dropped, one key at a time, never
 * sent to the API.
 */

/** Search text reaches the address once typing pauses this long. */
export const SEARCH_DELAY_MS = 350;

export type ListSchema = z.ZodObject;

/** A change to a list's state: `undefined` (or '') returns a key to its default. */
export type ListPatch<S extends ListSchema> = {
  [K in keyof z.output<S>]?: z.output<S>[K] | undefined;
};

export interface ListStateOptions {
  /**
   * For a screen with several lists: each key is written `prefix.key` in the address (the
   * operator's payout queues each keep their own page).
   */
  prefix?: string;
  /**
   * The lists this one filters, by their prefixes: a change here takes each of them back to its
   * first page, as a change of a list's own filters does (an operator queue tab's search over
   * its sections).
   */
  pagesOf?: readonly string[];
}

const addressKey = (key: string, prefix?: string) => (prefix ? `${prefix}.${key}` : key);

/** The address's text for the schema's keys: a repeated key as a list, a single one as text. */
function addressValues(schema: ListSchema, params: URLSearchParams, prefix?: string) {
  const values: Record<string, string | string[]> = {};
  for (const key of Object.keys(schema.shape)) {
    const all = params.getAll(addressKey(key, prefix));
    if (all.length === 1) values[key] = all[0]!;
    else if (all.length > 1) values[key] = all;
  }
  return values;
}

/**
 * The list's state in the address, as the schema reads it (its defaults filled in). A key the
 * schema refuses (a made-up status, page 0, a 300-letter search) is left out and the rest kept.
 */
export function readListState<S extends ListSchema>(
  schema: S,
  params: URLSearchParams,
  prefix?: string,
): z.output<S> {
  const values = addressValues(schema, params, prefix);
  for (let tries = 0; tries <= Object.keys(values).length; tries += 1) {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => issue.path[0]));
    // A refusal of the whole object rather than of one key: start again from the defaults.
    if (refused.has(undefined)) break;
    for (const key of refused) delete values[String(key)];
  }
  return schema.parse({});
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.join('\u0000') === b.join('\u0000') : a === b;

/**
 * The address with the list's state written in: a key at its default (page 1, no filter) is left
 * out so addresses stay short, a list repeats its key (status=A&status=B), and keys that are not
 * the list's (another list's, the print view's) stay as they were.
 */
export function writeListState<S extends ListSchema>(
  schema: S,
  state: ListPatch<S>,
  current: URLSearchParams,
  prefix?: string,
): URLSearchParams {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const next = new URLSearchParams(current);
  for (const key of Object.keys(schema.shape)) {
    const name = addressKey(key, prefix);
    next.delete(name);
    const value = (state as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || same(value, defaults[key])) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) next.append(name, String(item));
  }
  return next;
}

export interface ListState<S extends ListSchema> {
  /** What the list shows, ready to send to the API. */
  query: z.output<S>;
  /**
   * Changes the list. A change of anything but the page starts again at page 1. Each change is
   * a history entry, so Back undoes it; `replace` rewrites the current one instead (a search
   * being typed).
   */
  change: (patch: ListPatch<S>, options?: { replace?: boolean }) => void;
  /** Every key back to its default (a history entry, like any change). */
  reset: () => void;
}

const NO_LISTS: readonly string[] = [];

/** The address with the named lists back at their first page. */
function firstPages(params: URLSearchParams, lists: readonly string[]): URLSearchParams {
  for (const list of lists) params.delete(addressKey('page', list));
  return params;
}

/** A list's state, read from and written to the address through its query schema. */
export function useListState<S extends ListSchema>(
  schema: S,
  { prefix, pagesOf = NO_LISTS }: ListStateOptions = {},
): ListState<S> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListState(schema, params, prefix), [schema, params, prefix]);
  const change = useCallback(
    (patch: ListPatch<S>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const state: Record<string, unknown> = { ...readListState(schema, previous, prefix) };
          if ('page' in schema.shape && !('page' in patch)) delete state.page;
          const next = writeListState(
            schema,
            { ...state, ...patch } as ListPatch<S>,
            previous,
            prefix,
          );
          return firstPages(next, pagesOf);
        },
        { replace },
      );
    },
    [schema, setParams, prefix, pagesOf],
  );
  const reset = useCallback(
    () =>
      setParams((previous) => firstPages(writeListState(schema, {}, previous, prefix), pagesOf)),
    [schema, setParams, prefix, pagesOf],
  );
  return { query, change, reset };
}

export interface ListSearch {
  /** The box's text, as typed. */
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Enter searches at once. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Empties the box and drops a search still waiting to be written. */
  clear: () => void;
}

/**
 * A search box over a list's text key (`q` unless named): what is typed reaches the address once
 * typing pauses (or at Enter), replacing the current history entry (a pause while typing is not
 * a step to go Back through), and starts again at page 1. A search that changes in the address
 * (Back, a shared link) reaches the box. Spread it on the input, less `clear`.
 */
export function useListSearch<S extends ListSchema>(
  list: ListState<S>,
  key: keyof z.output<S> & string = 'q' as keyof z.output<S> & string,
): ListSearch {
  const inEffect = String(list.query[key] ?? '');
  const [text, setText] = useState(inEffect);
  const [seen, setSeen] = useState(inEffect);
  if (seen !== inEffect) {
    setSeen(inEffect);
    if (text.trim() !== inEffect) setText(inEffect);
  }
  const write = useDebouncedCallback((value: string) => {
    const wanted = value.trim();
    if (wanted !== inEffect) {
      list.change({ [key]: wanted || undefined } as ListPatch<S>, { replace: true });
    }
  }, SEARCH_DELAY_MS);
  return {
    value: text,
    onChange: (event) => {
      setText(event.currentTarget.value);
      write(event.currentTarget.value);
    },
    onKeyDown: (event) => {
      if (event.key === 'Enter') write.flush();
    },
    clear: () => {
      write.cancel();
      setText('');
    },
  };
}
