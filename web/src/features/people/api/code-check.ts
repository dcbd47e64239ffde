// Live availability check of a person's unique code while it is typed: the request goes out
// only after typing paused (debounced), and only for a well-formed code.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { CodeCheck, PeopleFace } from './faces';

export const CODE_CHECK_DEBOUNCE_MS = 300;
export const CODE_PATTERN = /^[A-Za-z0-9._-]{1,20}$/;

export function checkCode(face: PeopleFace, code: string, exceptId?: number, signal?: AbortSignal) {
  return api.get<DataEnvelope<CodeCheck>>(face.api.code, { code, id: exceptId }, signal).then((r) => r.data);
}

export type CodeStatus = 'idle' | 'checking' | 'available' | 'taken';

/** The availability of `code` (the person `exceptId` may keep their own code). */
export function useCodeAvailability(face: PeopleFace, code: string | undefined, exceptId?: number, initial?: string) {
  const trimmed = (code ?? '').trim();
  const debounced = useDebouncedValue(trimmed, CODE_CHECK_DEBOUNCE_MS);
  const enabled = !!debounced && CODE_PATTERN.test(debounced) && debounced !== initial;
  const q = useQuery({
    queryKey: ['people', face.kind, 'code', debounced, exceptId ?? 0],
    queryFn: ({ signal }) => checkCode(face, debounced, exceptId, signal),
    enabled,
    staleTime: 10_000,
  });
  // Still typing a well-formed code: the answer is on its way.
  const pending = trimmed !== debounced && CODE_PATTERN.test(trimmed) && trimmed !== initial;
  let status: CodeStatus = 'idle';
  if (pending) status = 'checking';
  else if (enabled) {
    if (q.isFetching) status = 'checking';
    else if (q.data) status = q.data.available ? 'available' : 'taken';
  }
  return { status, message: q.data?.message };
}
