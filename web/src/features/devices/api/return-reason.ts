// A terminal's return code in words (the PUSH protocol's error codes), for the synchronise
// results: 0 is success and has none.
import type { TFunction } from 'i18next';

export function returnReason(t: TFunction, code: number | null | undefined): string | null {
  if (code == null || code === 0) return null;
  return t([`devices:sync.return.${code}`, 'devices:sync.return.other'], { code });
}
