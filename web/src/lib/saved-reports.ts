// Saved and scheduled reports (issue 15): a report screen with its filters saved under a
// name, e-mailed as a file on a schedule to chosen users; send now.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import type { DataEnvelope } from './api-schemas';
import type { components } from './api-types';

type Schemas = components['schemas'];
export type SavedReport = Schemas['SavedReport'];
export type SavedReportInput = Schemas['SavedReportInput'];
export type ReportKind = SavedReport['kind'];
export type ReportSchedule = SavedReport['schedule'];
export interface ReportRecipient {
  id: number;
  name: string;
  email: string;
  role: string;
}

export const savedReportKeys = {
  all: ['reports', 'saved'] as const,
  recipients: ['reports', 'recipients'] as const,
};

export function useSavedReports() {
  return useQuery({
    queryKey: savedReportKeys.all,
    queryFn: ({ signal }) => api.get<DataEnvelope<SavedReport[]>>('/api/reports/saved', undefined, signal).then((r) => r.data),
  });
}

export function useReportRecipients(enabled = true) {
  return useQuery({
    queryKey: savedReportKeys.recipients,
    enabled,
    queryFn: ({ signal }) => api.get<DataEnvelope<ReportRecipient[]>>('/api/reports/recipients', undefined, signal).then((r) => r.data),
  });
}

export function useCreateSavedReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedReportInput) => api.post<DataEnvelope<SavedReport>>('/api/reports/saved', body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
}

export function useUpdateSavedReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedReportInput & { id: number }) =>
      api.put<DataEnvelope<SavedReport>>(`/api/reports/saved/${id}`, body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
}

export function useDeleteSavedReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/reports/saved/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
}

export function useSendSavedReport() {
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<{ queued: number }>>(`/api/reports/saved/${id}/send`, {}).then((r) => r.data),
  });
}
