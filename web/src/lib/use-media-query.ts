// Media queries as React state, for the few layout choices CSS alone cannot make (a drawer
// instead of a sidebar, larger controls on a phone).
import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app uses its phone layout (issue 11: "below 768 px"). */
export const PHONE_QUERY = '(max-width: 767.98px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener?.('change', onChange);
      return () => mq?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false, () => false);
}

/** Whether the phone layout applies. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
