import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, type LeaveType, type LeaveTypeInput, type OrgLeaveFace } from './faces';

export function useLeaveTypes(face: OrgLeaveFace, p: { page: number; size: number; name?: string }) {
  return useQuery({
    queryKey: leaveKeys.types(face.api.types, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<LeaveType>>(face.api.types, { 'page[number]': p.page, 'page[size]': p.size, 'filter[name]': p.name }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every type of the face (for selects); at most 150. */
export function useAllLeaveTypes(typesPath: string) {
  return useQuery({
    queryKey: leaveKeys.types(typesPath, { all: true }),
    queryFn: ({ signal }) => api.get<ListEnvelope<LeaveType>>(typesPath, { 'page[number]': 1, 'page[size]': 150 }, signal).then((r) => r.data),
  });
}

export function useSaveLeaveType(face: OrgLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: LeaveTypeInput & { id?: number }) =>
      v.id
        ? api.post<DataEnvelope<LeaveType>>(face.api.typeUpdate, v).then((r) => r.data)
        : api.post<DataEnvelope<LeaveType>>(face.api.types, v).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useDeleteLeaveType(face: OrgLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(face.api.types, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}
