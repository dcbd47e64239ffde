// A person's clock records of a day, the audit log and the manual corrections.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { AttendanceDay, AttendanceFace, AuditEntry, ClockRecords } from './faces';
import { attendanceKeys } from './reports';

export function useClock(face: AttendanceFace, id: number | undefined, date: string) {
  return useQuery({
    queryKey: attendanceKeys.clock(face, id ?? 0, date),
    queryFn: ({ signal }) => api.get<DataEnvelope<ClockRecords>>(face.api.clock, { [face.idName]: id, date }, signal).then((r) => r.data),
    enabled: !!id,
  });
}

export function useAudit(face: AttendanceFace, id: number | undefined) {
  return useQuery({
    queryKey: attendanceKeys.audit(face, id ?? 0),
    queryFn: ({ signal }) => api.get<ListEnvelope<AuditEntry>>(face.api.audit, { [face.idName]: id, 'page[size]': 30 }, signal),
    enabled: !!id,
  });
}

export type TimeChange =
  | { action: 'add'; personId: number; date: string; time: string; remark: string }
  | { action: 'move'; punchId: number; time: string; remark: string }
  | { action: 'remove'; punchId: number; remark: string };

/** The body of a time change: add has the person and date, move and remove the punch. */
export function timeBody(face: AttendanceFace, c: TimeChange): Record<string, unknown> {
  if (c.action === 'add') return { [face.idName]: c.personId, date: c.date, time: c.time, remark: c.remark };
  if (c.action === 'move') return { punch_id: c.punchId, time: c.time, remark: c.remark };
  return { punch_id: c.punchId, time: '', remark: c.remark };
}

function useInvalidate(face: AttendanceFace) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: attendanceKeys.all(face) });
    void qc.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function useTimeChange(face: AttendanceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (c: TimeChange) => api.post<DataEnvelope<{ punch_id: number }>>(face.api.time, timeBody(face, c)),
    onSuccess: invalidate,
  });
}

export interface StatusChange {
  personId: number;
  date: string;
  status: number;
  remark: string;
}

export function useStatusChange(face: AttendanceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (c: StatusChange) =>
      api
        .post<DataEnvelope<AttendanceDay>>(face.api.status, { [face.idName]: c.personId, date: c.date, status: c.status, remark: c.remark })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}
