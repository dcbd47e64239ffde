import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, personalPaths, type Application, type Entitlement, type LeaveKind, type LeaveType } from './faces';
import { applyBody, type ApplyPayload } from './apply-payload';

export const PERSONAL_ENTITLEMENT_PAGE_SIZE = 15;
export const PERSONAL_APPLICATION_PAGE_SIZE = 20;

export function useMyEntitlements(kind: LeaveKind, p: { page: number; size: number }) {
  const path = personalPaths(kind).entitlement;
  return useQuery({
    queryKey: leaveKeys.entitlements(path, p),
    queryFn: ({ signal }) => api.get<ListEnvelope<Entitlement>>(path, { 'page[number]': p.page, 'page[size]': p.size }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyApplications(kind: LeaveKind, p: { page: number; size: number; status?: string }) {
  const path = personalPaths(kind).applications;
  return useQuery({
    queryKey: leaveKeys.applications(path, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Application>>(path, { 'page[number]': p.page, 'page[size]': p.size, status: p.status }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApply(kind: LeaveKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { payload: ApplyPayload; attachment?: File | null }) =>
      api.post<DataEnvelope<Application>>(personalPaths(kind).apply, applyBody(v.payload, v.attachment)).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useCancelMine(kind: LeaveKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<Application>>(personalPaths(kind).cancel, { id }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/**
 * The types a member can apply for: those of their own entitlements, completed with the
 * organisation's type details (attachment required, allow negative) from the personal type list.
 */
export function useMyTypeOptions(kind: LeaveKind, enabled: boolean) {
  const paths = personalPaths(kind);
  const mine = useQuery({
    queryKey: leaveKeys.entitlements(paths.entitlement, { page: 1, size: 150 }),
    queryFn: ({ signal }) => api.get<ListEnvelope<Entitlement>>(paths.entitlement, { 'page[number]': 1, 'page[size]': 150 }, signal).then((r) => r.data),
    enabled,
  });
  const all = useQuery({
    queryKey: leaveKeys.types(paths.types, { all: true }),
    queryFn: ({ signal }) => api.get<DataEnvelope<LeaveType[]>>(paths.types, undefined, signal).then((r) => r.data),
    enabled,
  });
  return { options: mergeTypeOptions(mine.data ?? [], all.data), loading: mine.isFetching || all.isFetching };
}

/** One option per type of the entitlements, with the full type details where known. */
export function mergeTypeOptions(entitlements: Pick<Entitlement, 'leave_type_id' | 'leave_type' | 'unit'>[], types?: LeaveType[]) {
  const out = new Map<number, { id: number; type: string; unit: string; day_count?: number; attachment_required?: boolean }>();
  for (const e of entitlements) if (!out.has(e.leave_type_id)) out.set(e.leave_type_id, { id: e.leave_type_id, type: e.leave_type, unit: e.unit });
  for (const x of types ?? []) {
    if (out.has(x.id) || x.allow_negative) out.set(x.id, { id: x.id, type: x.type, unit: x.unit, day_count: x.day_count, attachment_required: x.attachment_required });
  }
  return [...out.values()];
}
