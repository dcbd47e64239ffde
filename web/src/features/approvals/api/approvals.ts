// The approvals inbox and members' requests (issue 12): what waits for the caller, deciding
// it, and the caller's own attendance-correction requests.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

export type ApprovalRequest = components['schemas']['ApprovalRequest'];
export type ApprovalDecision = components['schemas']['ApprovalDecision'];
export type CorrectionRequest = components['schemas']['CorrectionRequest'];

export const approvalKeys = {
  all: ['approvals'] as const,
  waiting: () => [...approvalKeys.all, 'waiting'] as const,
  mine: () => [...approvalKeys.all, 'mine'] as const,
};

export function useWaiting() {
  return useQuery({
    queryKey: approvalKeys.waiting(),
    queryFn: ({ signal }) => api.get<DataEnvelope<ApprovalRequest[]>>('/api/approvals', undefined, signal).then((r) => r.data),
  });
}

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { kind: string; id: number; approve: boolean; comment: string }) =>
      api.post<DataEnvelope<{ request: ApprovalRequest; timeline: ApprovalDecision[] }>>(
        `/api/approvals/${encodeURIComponent(d.kind)}/${d.id}/${d.approve ? 'approve' : 'reject'}`,
        { comment: d.comment },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export function useMyRequests() {
  return useQuery({
    queryKey: approvalKeys.mine(),
    queryFn: ({ signal }) => api.get<DataEnvelope<CorrectionRequest[]>>('/api/requests', undefined, signal).then((r) => r.data),
  });
}

export interface CorrectionInput {
  date: string;
  kind: 'add_punch' | 'status';
  time?: string;
  status?: number;
  reason: string;
}

export function useCreateCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CorrectionInput) => api.post<DataEnvelope<CorrectionRequest>>('/api/requests/attendance', v).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export interface TeamMember {
  id: number;
  code: string;
  name: string;
}

export interface TeamApplication {
  id: number;
  kind: string;
  leave_type: string;
  from_date: string;
  to_date: string;
  status: string;
  timeline?: ApprovalDecision[];
}

export function useTeam() {
  return useQuery({
    queryKey: [...approvalKeys.all, 'team'],
    queryFn: ({ signal }) => api.get<DataEnvelope<TeamMember[]>>('/api/team', undefined, signal).then((r) => r.data),
    retry: false,
  });
}

export function useTeamLeave(id: number | undefined) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'team', id, 'leave'],
    queryFn: ({ signal }) => api.get<DataEnvelope<TeamApplication[]>>(`/api/team/${id}/leave`, { 'page[size]': 50 }, signal).then((r) => r.data),
    enabled: !!id,
  });
}

export function useTeamRequests(id: number | undefined) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'team', id, 'requests'],
    queryFn: ({ signal }) => api.get<DataEnvelope<CorrectionRequest[]>>(`/api/team/${id}/requests`, undefined, signal).then((r) => r.data),
    enabled: !!id,
  });
}
