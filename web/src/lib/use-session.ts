import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session';

/** The current session payload, re-rendering when it changes. */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
