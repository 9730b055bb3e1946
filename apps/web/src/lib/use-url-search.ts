import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

const SEARCH_DELAY_MS = 350;

/**
 * A search box kept in the URL's `q`: what is typed reaches the URL once typing pauses (and
 * resets the page), and a `q` that changes in the URL (back button, a shared link) reaches the
 * box. Returns the box's text, its setter, and the search in effect.
 */
export function useUrlSearch(): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (search.trim() !== q) setSearch(q);
  }
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    if (debounced.trim() === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced.trim()) next.set('q', debounced.trim());
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);
  return [search, setSearch, q];
}
