import { useEffect, useRef, useState } from 'react';

/**
 * What a form had typed when the session ended under it, given back after signing in again
 * (docs/decisions/016). Only where that is safe:
 * - only forms that opt in, and only the fields they name (never a password or a document);
 * - only to the same user: a draft is kept with its user's id and given to nobody else;
 * - only in this tab (sessionStorage), for half an hour, and once: a form that shows it removes it;
 * - never after a sign-out: Logout forgets every draft, so the next person at a shared computer
 *   finds nothing.
 */
const PREFIX = 'wonbridge.draft.';
const MAX_AGE_MS = 30 * 60 * 1000;

type Values = Record<string, string>;
interface StoredDraft {
  userId: string;
  savedAt: number;
  values: Values;
}

/** The forms on screen that keep a draft: their name and how to read what they hold. */
const openForms = new Map<string, () => Values>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The session has ended: every open form that keeps a draft keeps it for this user. */
export function keepDrafts(userId: string, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  for (const [name, read] of openForms) {
    const values = read();
    if (Object.values(values).every((value) => value === '')) continue;
    const draft: StoredDraft = { userId, savedAt: now, values };
    try {
      store.setItem(PREFIX + name, JSON.stringify(draft));
    } catch {
      // A full or refused storage: the draft is lost, as it would have been before.
    }
  }
}

/** Logout: no draft outlives the session it was typed in. */
export function forgetDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) {
    if (key.startsWith(PREFIX)) store.removeItem(key);
  }
}

/** The draft `name` kept for `userId`, or null (a draft of anyone else, or too old, is not given). */
export function readDraft(name: string, userId: string, now = Date.now()): Values | null {
  const raw = storage()?.getItem(PREFIX + name);
  if (raw === null || raw === undefined) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    const fresh = typeof draft.savedAt === 'number' && now - draft.savedAt <= MAX_AGE_MS;
    if (draft.userId !== userId || !fresh || typeof draft.values !== 'object') return null;
    const values: Values = {};
    for (const [key, value] of Object.entries(draft.values ?? {})) {
      if (typeof value === 'string') values[key] = value;
    }
    return values;
  } catch {
    return null;
  }
}

/**
 * Keeps form `name`'s draft while it is on screen: `read` gives the fields to keep. Returns the
 * draft kept for `userId` at the last session end, if any; it is given once (removed once the
 * form is on screen), whoever it was for.
 */
export function useFormDraft(
  name: string,
  userId: string | undefined,
  read: () => Values,
): Values | null {
  // Read when the user is known (adjusting state while rendering, so the form's first render
  // with a user already has the draft), and removed once read.
  const [restored, setRestored] = useState<{ for: string; values: Values | null } | null>(null);
  if (userId && restored?.for !== userId)
    setRestored({ for: userId, values: readDraft(name, userId) });
  const readFor = restored?.for;
  useEffect(() => {
    if (readFor) storage()?.removeItem(PREFIX + name);
  }, [name, readFor]);

  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  useEffect(() => {
    openForms.set(name, () => readRef.current());
    return () => {
      openForms.delete(name);
    };
  }, [name]);
  return restored !== null && restored.for === userId ? restored.values : null;
}
