// The "download error report" of a rejected import: one CSV line per row error.
import { toCsv } from '../../../lib/csv';
import type { ImportRowError } from '../api/faces';

export function buildImportErrorCsv(
  rows: ImportRowError[],
  headers: { line: string; field: string; message: string },
  translate: (row: ImportRowError) => string = (r) => r.message,
): string {
  const sorted = [...rows].sort((a, b) => a.line - b.line);
  return toCsv([[headers.line, headers.field, headers.message], ...sorted.map((r) => [r.line, r.field, translate(r)])]);
}
