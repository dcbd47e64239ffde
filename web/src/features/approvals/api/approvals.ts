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
    // minutes: an overtime request's approved minutes, when the approver lowers them.
    mutationFn: (d: { kind: string; id: number; approve: boolean; comment: string; minutes?: number }) =>
      api.post<DataEnvelope<{ request: ApprovalRequest; timeline: ApprovalDecision[] }>>(
        `/api/approvals/${encodeURIComponent(d.kind)}/${d.id}/${d.approve ? 'approve' : 'reject'}`,
        d.minutes === undefined ? { comment: d.comment } : { comment: d.comment, minutes: d.minutes },
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
  kind: 'add_punch' | 'move_punch' | 'status';
  time?: string;
  punch_id?: number;
  status?: number;
  reason: string;
}

/** A PDF or an image of at most 5 MB, as the server takes (the leave attachments' limits). */
export const ATTACHMENT_ACCEPT = 'application/pdf,image/*';
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

export function attachmentProblem(file: File): 'type' | 'size' | null {
  const okType = file.type === 'application/pdf' || file.type.startsWith('image/') || /\.(pdf|png|jpe?g|gif|webp)$/i.test(file.name);
  if (!okType) return 'type';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'size';
  return null;
}

/** The request as multipart with its document (the JSON body's fields, empty ones left out). */
export function correctionForm(v: CorrectionInput, attachment: File): FormData {
  const fd = new FormData();
  for (const [k, val] of Object.entries(v)) {
    if (val !== undefined && val !== null && val !== '') fd.append(k, String(val));
  }
  fd.append('attachment', attachment, attachment.name);
  return fd;
}

export function useCreateCorrection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ attachment, ...v }: CorrectionInput & { attachment?: File | null }) =>
      (attachment
        ? api.postForm<DataEnvelope<CorrectionRequest>>('/api/requests/attendance', correctionForm(v, attachment))
        : api.post<DataEnvelope<CorrectionRequest>>('/api/requests/attendance', v)
      ).then((r) => r.data),
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

export type Delegation = components['schemas']['ApprovalDelegation'];

export interface Substitute {
  id: number;
  code: string;
  name: string;
}

const delegationKey = () => [...approvalKeys.all, 'delegations'] as const;

/** The delegations the caller gave (as an approver) or received (as a substitute). */
export function useDelegations() {
  return useQuery({
    queryKey: delegationKey(),
    queryFn: ({ signal }) => api.get<DataEnvelope<Delegation[]>>('/api/approvals/delegations', undefined, signal).then((r) => r.data),
  });
}

/** Colleagues the caller may name as a substitute (name or code contains search). */
export function useSubstitutes(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'substitutes', search],
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<Substitute[]>>('/api/approvals/substitutes', { search: search || undefined }, signal).then((r) => r.data),
    enabled,
  });
}

export function useDelegate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { substitute_id: number; from_date: string; to_date: string }) =>
      api.post<DataEnvelope<Delegation>>('/api/approvals/delegations', v).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: delegationKey() }),
  });
}

export function useUndelegate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>('/api/approvals/delegations', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: delegationKey() }),
  });
}

export interface MyPunch {
  id: number;
  time: string;
  source: string;
}

/** The caller's own punches of a date, to choose the one to move. */
export function useMyPunches(date: string | undefined) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'punches', date],
    queryFn: ({ signal }) =>
      api
        .get<DataEnvelope<{ records: MyPunch[] }>>('/api/school/personal/attendance/clock', { date }, signal)
        .then((r) => r.data.records.map((p) => ({ id: p.id, time: p.time, source: p.source }))),
    enabled: !!date,
    retry: false,
  });
}

export type TeamDay = components['schemas']['AttendanceDailyRow'];
export type TeamMonth = components['schemas']['AttendanceRangeRow'];

/** Each direct report's attendance on a date (today in the organisation's zone without one). */
export function useTeamDay(date: string | undefined) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'team', 'day', date ?? 'today'],
    queryFn: ({ signal }) => api.get<DataEnvelope<TeamDay[]>>('/api/team/attendance/daily', { date }, signal).then((r) => r.data),
    retry: false,
  });
}

/** One report's month of attendance (month: YYYY-MM). */
export function useTeamMonth(id: number | undefined, month: string) {
  return useQuery({
    queryKey: [...approvalKeys.all, 'team', id, 'month', month],
    queryFn: ({ signal }) => api.get<DataEnvelope<TeamMonth>>(`/api/team/${id}/attendance/monthly`, { date: month }, signal).then((r) => r.data),
    enabled: !!id,
  });
}
