import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, STATUSES, type Application, type PersonLeaveFace } from './faces';
import { applyBody } from './apply-payload';

export const APPLICATION_PAGE_SIZE = 15;

export function useApplications(face: PersonLeaveFace, p: { page: number; size: number; status?: string; base?: string }) {
  return useQuery({
    queryKey: leaveKeys.applications(face.api.applications, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Application>>(
        face.api.applications,
        { 'page[number]': p.page, 'page[size]': p.size, status: p.status, 'filter[base]': p.base },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export type Decision = 'approve' | 'reject' | 'cancel';

export function useDecide(face: PersonLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; decision: Decision; comment?: string }) =>
      api.post<DataEnvelope<Application>>(face.api.decide(v.decision), { id: v.id, comment: v.comment || undefined }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/** An admin's application for someone, approved at once. */
export function useAssign(face: PersonLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { personId: number; payload: object; attachment?: File | null }) => {
      const body = applyBody({ ...v.payload, [face.assignPersonField]: v.personId }, v.attachment);
      return api.post<DataEnvelope<Application>>(face.api.assignment, body).then((r) => r.data);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/**
 * The number of applications of each status (with the same quick search as the list), from the
 * list's pagination total: one row per status is asked for.
 */
export function useApplicationCounts(face: PersonLeaveFace, base?: string): Partial<Record<string, number>> {
  const results = useQueries({
    queries: STATUSES.map((status) => {
      const p = { page: 1, size: 1, status, base };
      return {
        queryKey: leaveKeys.applications(face.api.applications, p),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.get<ListEnvelope<Application>>(face.api.applications, { 'page[number]': 1, 'page[size]': 1, status, 'filter[base]': base }, signal),
        placeholderData: keepPreviousData,
      };
    }),
  });
  const counts: Partial<Record<string, number>> = {};
  STATUSES.forEach((s, i) => {
    const total = results[i].data?.meta.pagination.total;
    if (total !== undefined) counts[s] = total;
  });
  return counts;
}
