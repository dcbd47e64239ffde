import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequestWithStatus } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { ImportResult, ImportRowError, PeopleFace } from './faces';

export type ImportMode = 'all' | 'valid';

/** A rejected import (422 import.invalid_rows) carries its row errors. */
export class ImportRejected extends Error {
  constructor(readonly rows: ImportRowError[]) {
    super('import.invalid_rows');
  }
}

export async function importPeople(face: PeopleFace, file: File, mode: ImportMode): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('mode', mode);
  try {
    const { body } = await apiRequestWithStatus<DataEnvelope<ImportResult>>(face.api.import, { method: 'POST', body: form });
    return body.data;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'import.invalid_rows') throw new ImportRejected(e.rows ?? []);
    throw e;
  }
}

export function useImportPeople(face: PeopleFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; mode: ImportMode }) => importPeople(face, v.file, v.mode),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['people', face.kind] }),
  });
}
