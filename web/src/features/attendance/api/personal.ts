// The signed-in member's own attendance (422 people.no_account when not linked to a person).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { ClockRecords, RangeRow } from './faces';

export function usePersonalMonth(month: string) {
  return useQuery({
    queryKey: ['personal-attendance', 'monthly', month],
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<RangeRow>>('/api/school/personal/attendance/monthly', { date: month }, signal).then((r) => r.data),
    retry: false,
  });
}

export function usePersonalClock(date: string | undefined) {
  return useQuery({
    queryKey: ['personal-attendance', 'clock', date],
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<ClockRecords>>('/api/school/personal/attendance/clock', { date }, signal).then((r) => r.data),
    enabled: !!date,
    retry: false,
  });
}

/** The member asks for approval of a date's overtime: one request per date (asking again answers the same one). */
export function useAskOvertime() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.post<DataEnvelope<{ id: number; state: string }>>('/api/requests/overtime', { date }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['personal-attendance'] });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}

/** The member's own overtime requests (latest date first), to find a date's request. */
export interface MyOvertimeRequest {
  id: number;
  date: string;
  state: 'pending' | 'approved' | 'rejected' | 'cancelled';
  minutes: number;
}

export function useMyOvertime(enabled: boolean) {
  return useQuery({
    queryKey: ['personal-attendance', 'overtime-requests'],
    queryFn: ({ signal }) => api.get<DataEnvelope<MyOvertimeRequest[]>>('/api/requests/overtime', undefined, signal).then((r) => r.data),
    enabled,
    retry: false,
  });
}

/** The member withdraws their own pending overtime request (the approvals engine cancels it). */
export function useWithdrawOvertime() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<MyOvertimeRequest>>(`/api/requests/overtime/${id}/withdraw`, {}),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['personal-attendance'] });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}
