import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, type BulkEntitlementInput, type Entitlement, type PersonLeaveFace } from './faces';

export const ENTITLEMENT_PAGE_SIZE = 50;

export function useEntitlements(face: PersonLeaveFace, personId: number | undefined, p: { page: number; size: number }) {
  return useQuery({
    queryKey: leaveKeys.entitlements(face.api.entitlement, { personId, ...p }),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Entitlement>>(face.api.entitlement, { [face.personParam]: personId, 'page[number]': p.page, 'page[size]': p.size }, signal),
    enabled: !!personId,
    placeholderData: keepPreviousData,
  });
}

export interface EntitlementFields {
  id?: number;
  leave_type_id: number;
  entitled: number;
  carried_over?: number;
  period_start?: string;
  valid_until?: string;
  note?: string;
}

export function useSaveEntitlement(face: PersonLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, ...v }: EntitlementFields & { personId: number }) =>
      api.post<DataEnvelope<Entitlement>>(face.api.entitlement, { ...v, [face.entitlementPersonField]: personId }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useDeleteEntitlement(face: PersonLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(face.api.entitlement, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useBulkEntitle(face: PersonLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: BulkEntitlementInput) => api.post<DataEnvelope<{ saved: number }>>(face.api.bulk, v).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}
