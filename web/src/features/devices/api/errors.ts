// The device screens keep their error wording in the devices namespace (errors.<code>), with
// the shared errors namespace as fallback.
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';

/** A t() that looks `errors:<code>` up in devices:errors.<code> first. */
export function withDeviceErrors(t: TFunction): TFunction {
  const wrapped = ((key: string | string[], opts?: Record<string, unknown>) => {
    if (typeof key === 'string' && key.startsWith('errors:')) {
      return t([`devices:errors.${key.slice('errors:'.length)}`, key], opts as never);
    }
    return t(key as never, opts as never);
  }) as unknown as TFunction;
  return wrapped;
}

/** Conflicts whose own code says more than the field's generic validation.taken. */
const CONFLICT_FIELDS: Record<string, string> = { 'device.code_taken': 'code', 'beacon.taken': 'uuid' };

/**
 * Puts server errors on the form: a known conflict on its field with its own wording, other
 * field errors as usual. Returns true when a field error was shown.
 */
export function applyDeviceErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (error instanceof ApiError && CONFLICT_FIELDS[error.code]) {
    form.setFields([{ name: CONFLICT_FIELDS[error.code], errors: [t(`errors:${error.code}`, { defaultValue: error.message })] }]);
    return true;
  }
  return applyServerErrors(form, error, t);
}
