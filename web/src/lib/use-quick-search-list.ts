// The quick-search box of a list kept in the URL: from two characters, after 200 ms.
import { useEffect, useRef, useState } from 'react';
import { MIN_SEARCH_LENGTH, useListUrlState } from './use-list-url-state';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 200;

export function useQuickSearchList(pageSize: number) {
  const list = useListUrlState(pageSize);
  const [search, setSearch] = useState(list.q);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const ownQ = useRef(list.q);

  useEffect(() => {
    const term = debounced.trim();
    const next = term.length >= MIN_SEARCH_LENGTH ? term : '';
    if (next !== list.q) {
      ownQ.current = next;
      list.update({ q: next, page: 1 });
    }
    // list.q is read, not watched, to avoid loops; list.update is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  useEffect(() => {
    if (list.q !== ownQ.current) {
      ownQ.current = list.q;
      setSearch(list.q);
    }
  }, [list.q]);

  return { list, search, setSearch };
}
