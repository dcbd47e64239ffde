// Offline logs (issue 14): a terminal's USB attendance log (attlog.dat) or a CSV of another
// system, previewed (dry_run) and then imported through POST /api/attendance/punch-imports.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequestWithStatus } from '../../../lib/api-client';
import type { components } from '../../../lib/api-types';
import type { DataEnvelope } from '../../../lib/api-schemas';

export type PunchImportResult = components['schemas']['PunchImportResult'];
export type PunchImportRow = NonNullable<PunchImportResult['preview']>[number];
export type PunchImportError = PunchImportResult['errors'][number];
export type PunchImportFormat = 'attlog' | 'csv';

export const PUNCH_IMPORT_PATH = '/api/attendance/punch-imports';

export interface PunchImportInput {
  file: File;
  format: PunchImportFormat;
  deviceId?: number;
  dryRun: boolean;
}

/** Rows of the file are not valid: nothing was stored; the answer still has the counts. */
export class PunchImportRejected extends Error {
  constructor(readonly result: PunchImportResult) {
    super('import.invalid_rows');
  }
}

export async function importPunches(v: PunchImportInput): Promise<PunchImportResult> {
  const form = new FormData();
  form.append('format', v.format);
  if (v.deviceId) form.append('device_id', String(v.deviceId));
  form.append('dry_run', v.dryRun ? 'true' : 'false');
  form.append('file', v.file, v.file.name);
  try {
    const { body } = await apiRequestWithStatus<DataEnvelope<PunchImportResult>>(PUNCH_IMPORT_PATH, { method: 'POST', body: form });
    return body.data;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'import.invalid_rows' && e.data && typeof e.data === 'object') {
      throw new PunchImportRejected(e.data as PunchImportResult);
    }
    throw e;
  }
}

/** Previews or imports a file; an import refreshes what shows punches. */
export function usePunchImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importPunches,
    onSuccess: (_, v) => {
      if (!v.dryRun) {
        void qc.invalidateQueries({ queryKey: ['devices'] });
        void qc.invalidateQueries({ queryKey: ['attendance'] });
      }
    },
  });
}
