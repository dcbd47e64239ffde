// The monthly payroll export and the organisation's saved column mappings (issue 15).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';
import type { AttendanceFace } from './faces';

export type PayrollColumn = components['schemas']['PayrollColumn'];
export type PayrollMapping = components['schemas']['PayrollMapping'];
export type PayrollMappingInput = components['schemas']['PayrollMappingInput'];
export type PayrollFormat = 'xlsx' | 'csv';

interface GroupOption {
  id: number;
  name: string;
}

export const payrollKeys = {
  all: ['payroll'] as const,
  mappings: () => [...payrollKeys.all, 'mappings'] as const,
  groups: (face: AttendanceFace) => [...payrollKeys.all, 'groups', face.kind] as const,
  departments: () => [...payrollKeys.all, 'departments'] as const,
};

/** The saved mappings and every column the export can have (the editor's palette). */
export function usePayrollMappings() {
  return useQuery({
    queryKey: payrollKeys.mappings(),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<{ mappings: PayrollMapping[]; columns: PayrollColumn[] }>>('/api/payroll/mappings', undefined, signal).then((r) => r.data),
  });
}

/** The groups of the face's people, for the export's group filter (at most 150). */
export function usePayrollGroups(face: AttendanceFace) {
  const path = face.orgKind === 'school' ? '/api/school/group/management' : '/api/group/record';
  const query: Record<string, string | number> = { 'page[number]': 1, 'page[size]': 150 };
  if (face.orgKind === 'school') query.type = face.kind;
  return useQuery({
    queryKey: payrollKeys.groups(face),
    queryFn: ({ signal }) => api.get<ListEnvelope<GroupOption>>(path, query, signal).then((r) => r.data),
  });
}

/** A company's departments, for the export's department filter (at most 150). */
export function usePayrollDepartments(face: AttendanceFace) {
  return useQuery({
    queryKey: payrollKeys.departments(),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<GroupOption>>('/api/department/record', { 'page[number]': 1, 'page[size]': 150 }, signal).then((r) => r.data),
    enabled: face.orgKind === 'company',
  });
}

/** Creates (no id) or replaces a mapping. */
export function useSaveMapping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PayrollMappingInput }) =>
      id ? api.put<DataEnvelope<PayrollMapping>>(`/api/payroll/mappings/${id}`, body) : api.post<DataEnvelope<PayrollMapping>>('/api/payroll/mappings', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: payrollKeys.mappings() }),
  });
}

export function useDeleteMapping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/payroll/mappings/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: payrollKeys.mappings() }),
  });
}

export interface PayrollExportSpec {
  month: string;
  groupId?: number;
  departmentId?: number;
  mappingId?: number;
  format: PayrollFormat;
}

/** Downloads the month's payroll file; a school's export covers the face's kind of people. */
export function downloadPayroll(face: AttendanceFace, spec: PayrollExportSpec) {
  return apiDownload(
    '/api/payroll/export',
    {
      month: spec.month,
      format: spec.format,
      group_id: spec.groupId,
      department_id: spec.departmentId,
      mapping: spec.mappingId,
      kind: face.orgKind === 'school' ? face.kind : undefined,
    },
    `Payroll ${spec.month}.${spec.format}`,
  );
}

/** An editor row: a column of the export, whether the mapping keeps it, and its header. */
export interface EditorColumn {
  key: string;
  header: string;
  defaultHeader: string;
  shown: boolean;
}

/**
 * The editor's rows for a mapping: its columns in its order (shown), then the export's other
 * columns (hidden) in their default order. Without a mapping, every column, shown.
 */
export function editorColumns(available: PayrollColumn[], mapping?: Pick<PayrollMapping, 'columns'>): EditorColumn[] {
  const defaults = new Map(available.map((c) => [c.key, c.header]));
  if (!mapping) return available.map((c) => ({ key: c.key, header: c.header, defaultHeader: c.header, shown: true }));
  const kept = mapping.columns.map((c) => ({ key: c.key, header: c.header, defaultHeader: defaults.get(c.key) ?? c.key, shown: true }));
  const used = new Set(mapping.columns.map((c) => c.key));
  const rest = available.filter((c) => !used.has(c.key)).map((c) => ({ key: c.key, header: c.header, defaultHeader: c.header, shown: false }));
  return [...kept, ...rest];
}

/** The columns a mapping saves: the shown rows, in order, with their headers. */
export function mappingColumns(rows: EditorColumn[]): PayrollColumn[] {
  return rows.filter((r) => r.shown).map((r) => ({ key: r.key, header: r.header.trim() || r.defaultHeader }));
}

/** Moves a row up (-1) or down (+1); the list is unchanged at either end. */
export function moveRow<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return rows;
  const out = rows.slice();
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}
