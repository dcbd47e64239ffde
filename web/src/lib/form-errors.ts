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
 * Sets field errors from a 422 body on the form. Returns true when at least one field error
 * was shown, so callers can skip a duplicate toast.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const names = new Set([...Object.keys(error.errors), ...Object.keys(error.details)]);
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields: { name: string; errors: string[] }[] = [];
  for (const serverName of names) {
    const name = fieldMap[serverName] ?? serverName;
    const details = error.details[serverName] ?? [];
    const english = error.errors[serverName] ?? [];
    const messages = details.length
      ? details.map((d, i) =>
          t(`errors:${d.code}`, { ...(d.params ?? {}), defaultValue: english[i] ?? english[0] ?? d.code }),
        )
      : english;
    if (known.has(name) || form.getFieldInstance?.(name) !== undefined) {
      fields.push({ name, errors: messages });
    }
  }
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
