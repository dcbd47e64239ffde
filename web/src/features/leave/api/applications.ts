import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, type Application, type PersonLeaveFace } from './faces';
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
