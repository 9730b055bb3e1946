import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files (identity documents) live. Routes only ever see this interface, through
 * `app.storage`, so the local-disk default can be swapped for an S3-compatible bucket (see
 * ./plugin.ts) without touching them.
 *
 * Keys are always made by `newStorageKey`: random, made of lower-case letters, digits, dashes
 * and slashes, and never derived from anything a user sent (file names, kinds typed in a URL).
 * Implementations refuse any other key, so a key can never name a path outside the store.
 */
export interface FileStorage {
  /** Stores `bytes` under `key`, completely or not at all (readers never see half a file). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream with their size, or null when nothing is stored there. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every file stored in `area`, in no particular order, with when it was stored: what the
   * sweep of files no row names reads (modules/kyc/file-sweep.ts). Only keys of the shape
   * `newStorageKey` makes are listed; anything else found there is not ours and is left alone.
   */
  list(area: StorageArea): AsyncIterable<StoredEntry>;
}

export interface StoredFile {
  body: Readable;
  sizeBytes: number;
}

export interface StoredEntry {
  key: string;
  storedAt: Date;
}

/** Top-level folders of the store, one per kind of content. */
export type StorageArea = 'kyc';

const KEY_PATTERN =
  /^[a-z]{1,16}(?:\/[0-9a-f]{2})?\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A new random key such as `kyc/3f/3f9a...-...`. The two-character folder spreads files over
 * 256 folders so that no single folder grows huge.
 */
export function newStorageKey(area: StorageArea): string {
  const id = randomUUID();
  return `${area}/${id.slice(0, 2)}/${id}`;
}

/** Whether `key` has the shape `newStorageKey` makes; anything else is refused by the stores. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor() {
    super('Refusing a storage key that was not made by newStorageKey.');
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError();
}
