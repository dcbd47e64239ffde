// Group lists, changes, schedules and members for any face.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { Group, GroupFace, GroupMember, GroupSchedule, ScheduleDay } from './faces';

export const GROUPS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 30;

export const groupKeys = {
  all: (face: GroupFace) => ['groups', face.kind] as const,
  list: (face: GroupFace, p: unknown) => [...groupKeys.all(face), 'list', p] as const,
  schedule: (face: GroupFace, id: number) => [...groupKeys.all(face), 'schedule', id] as const,
  members: (face: GroupFace, id: number, inside: boolean, p: unknown) => [...groupKeys.all(face), 'members', id, inside, p] as const,
};

export function useGroups(face: GroupFace, p: { page: number; size: number; name?: string }) {
  return useQuery({
    queryKey: groupKeys.list(face, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Group>>(face.api.list, { ...face.listQuery, 'page[number]': p.page, 'page[size]': p.size, 'filter[name]': p.name }, signal),
    placeholderData: keepPreviousData,
  });
}

export interface GroupFields {
  name: string;
  description?: string;
  mode?: string;
  time_in: string;
  cut_off_time_in: string;
  time_out: string;
  cut_off_time_out: string;
  /** A first punch after cut-off-in: present and late (true) or absent (false). */
  late_after_cut_off?: boolean;
  /** Overtime shorter than these minutes does not count (0: every minute). */
  overtime_threshold_minutes?: number;
  /** Counted overtime needs approval through the overtime chain. */
  overtime_needs_approval?: boolean;
  effective_from?: string;
}

function useInvalidate(face: GroupFace) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: groupKeys.all(face) });
    void qc.invalidateQueries({ queryKey: ['attendance'] });
  };
}

export function useSaveGroup(face: GroupFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: ({ id, ...fields }: GroupFields & { id?: number }) =>
      (id
        ? api.post<DataEnvelope<Group>>(face.api.update, { ...fields, id })
        : api.post<DataEnvelope<Group>>(face.api.create, { ...fields, ...face.createExtra })
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup(face: GroupFace) {
  const invalidate = useInvalidate(face);
  return useMutation({ mutationFn: (id: number) => api.delete<void>(face.api.remove, { id }), onSuccess: invalidate });
}

export function useSchedule(face: GroupFace, id: number | undefined) {
  return useQuery({
    queryKey: groupKeys.schedule(face, id ?? 0),
    queryFn: ({ signal }) => api.get<DataEnvelope<GroupSchedule>>(face.api.schedule, { id }, signal).then((r) => r.data),
    enabled: !!id,
  });
}

export function useSaveSchedule(face: GroupFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (v: { id: number; days: ScheduleDay[]; effective_from?: string }) =>
      api.post<DataEnvelope<{ id: number; days: ScheduleDay[] }>>(face.api.schedule, v),
    onSuccess: invalidate,
  });
}

export function useGroupMembers(face: GroupFace, id: number, inside: boolean, p: { page: number; firstName?: string }) {
  return useQuery({
    queryKey: groupKeys.members(face, id, inside, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<GroupMember>>(
        inside ? face.api.members : face.api.notMembers,
        { [face.groupParam]: id, 'page[number]': p.page, 'page[size]': MEMBERS_PAGE_SIZE, 'filter[first_name]': p.firstName },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useChangeMembers(face: GroupFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (v: { id: number; ids: number[]; add: boolean }) =>
      apiRequest<DataEnvelope<Group>>(face.api.members, { method: v.add ? 'POST' : 'DELETE', body: face.membersBody(v.id, v.ids) }),
    onSuccess: invalidate,
  });
}
