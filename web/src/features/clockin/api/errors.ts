// Clock-in screens keep their error wording in the clockin namespace (errors.<code>), with the
// shared errors namespace as fallback.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** The translated message of a failed call: clockin:errors.<code>, then errors:<code>. */
export function clockError(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    return t([`clockin:errors.${e.code}`, `errors:${e.code}`], { defaultValue: e.message || t('errors:generic') });
  }
  return t('errors:generic');
}

/** A t() for form errors that looks `errors:<code>` up in clockin:errors.<code> first. */
export function withClockErrors(t: TFunction): TFunction {
  return ((key: string | string[], opts?: Record<string, unknown>) => {
    if (typeof key === 'string' && key.startsWith('errors:')) {
      return t([`clockin:errors.${key.slice('errors:'.length)}`, key], opts as never);
    }
    return t(key as never, opts as never);
  }) as unknown as TFunction;
}
