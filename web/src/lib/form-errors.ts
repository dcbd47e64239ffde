// Puts server field errors on antd form fields, translated through the detail code with the
// English message as fallback.
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

export function translateApiError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    return t(`errors:${error.code}`, { defaultValue: error.message || t('errors:generic') });
  }
  return t('errors:generic');
}

/**
 * The translated messages of a 422 body's field errors, by field name (after fieldMap), for
 * forms that are not antd Forms (the sign-in page keeps antd's Form out of its download).
 */
export function serverFieldErrors(
  error: unknown,
  t: TFunction,
  fieldMap: Record<string, string> = {},
): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const names = new Set([...Object.keys(error.errors), ...Object.keys(error.details)]);
  const out: Record<string, string[]> = {};
  for (const serverName of names) {
    const details = error.details[serverName] ?? [];
    const english = error.errors[serverName] ?? [];
    out[fieldMap[serverName] ?? serverName] = details.length
      ? details.map((d, i) =>
          t(`errors:${d.code}`, { ...(d.params ?? {}), defaultValue: english[i] ?? english[0] ?? d.code }),
        )
      : english;
  }
  return out;
}

/**
 * Sets field errors from a 422 body on the form. Returns true when at least one field error
 * was shown, so callers can skip a duplicate toast.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fieldMap: Record<string, string> = {},
): boolean {
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields = Object.entries(serverFieldErrors(error, t, fieldMap))
    .filter(([name]) => known.has(name) || form.getFieldInstance?.(name) !== undefined)
    .map(([name, errors]) => ({ name, errors }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
