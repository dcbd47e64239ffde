import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, type CarryResult, type LeaveStats, type LedgerRow, type OrgLeaveFace } from './faces';

export function useLeaveStats(face: OrgLeaveFace) {
  return useQuery({
    queryKey: leaveKeys.stats(face.api.statistics),
    queryFn: ({ signal }) => api.get<DataEnvelope<LeaveStats>>(face.api.statistics, undefined, signal).then((r) => r.data),
  });
}

/** The year's ledger: used for the names and codes of the carry-forward preview. */
export function useLedger(face: OrgLeaveFace, year: number, enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.ledger(face.api.ledger, year),
    queryFn: ({ signal }) => api.get<DataEnvelope<LedgerRow[]>>(face.api.ledger, { year }, signal).then((r) => r.data),
    enabled,
  });
}

export interface CarryInput {
  leave_type_id: number;
  year: number;
  max_carry?: number;
  valid_until?: string;
  apply: boolean;
}

export function useCarryForward(face: OrgLeaveFace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CarryInput) => api.post<DataEnvelope<CarryResult>>(face.api.carryForward, v).then((r) => r.data),
    onSuccess: (r) => {
      if (r.applied) qc.invalidateQueries({ queryKey: leaveKeys.all });
    },
  });
}

export function useCalendarLink() {
  return useQuery({
    queryKey: leaveKeys.calendar(),
    queryFn: ({ signal }) => api.get<DataEnvelope<{ url: string }>>('/api/leave/calendar', undefined, signal).then((r) => r.data.url),
  });
}

export function useResetCalendarLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataEnvelope<{ url: string }>>('/api/leave/calendar/reset').then((r) => r.data.url),
    onSuccess: (url) => qc.setQueryData(leaveKeys.calendar(), url),
  });
}
