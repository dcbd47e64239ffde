// List state (page, page size, quick-search filter) kept in the URL search params, validated
// with defaults, so a list can be bookmarked and the back button works.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const MIN_SEARCH_LENGTH = 2;
export const MAX_PAGE_SIZE = 150;

export interface ListUrlState {
  page: number;
  size: number;
  q: string;
}

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function useListUrlState(defaultSize: number) {
  const [params, setParams] = useSearchParams();
  const state: ListUrlState = useMemo(
    () => ({
      page: positiveInt(params.get('page'), 1),
      size: positiveInt(params.get('size'), defaultSize, MAX_PAGE_SIZE),
      q: params.get('q') ?? '',
    }),
    [params, defaultSize],
  );

  const update = useCallback(
    (next: Partial<ListUrlState>) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          const merged = { page: positiveInt(p.get('page'), 1), size: positiveInt(p.get('size'), defaultSize), q: p.get('q') ?? '', ...next };
          if (merged.page > 1) p.set('page', String(merged.page));
          else p.delete('page');
          if (merged.size !== defaultSize) p.set('size', String(merged.size));
          else p.delete('size');
          if (merged.q) p.set('q', merged.q);
          else p.delete('q');
          return p;
        },
        { replace: false },
      );
    },
    [setParams, defaultSize],
  );

  return { ...state, update };
}
