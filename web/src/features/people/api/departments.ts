import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { Department } from './faces';

const PATH = '/api/department/record';

export const departmentKeys = {
  all: ['company', 'departments'] as const,
  list: (p: { page: number; size: number; name?: string }) => [...departmentKeys.all, 'list', p] as const,
};

export function useDepartments(p: { page: number; size: number; name?: string }, enabled = true) {
  return useQuery({
    queryKey: departmentKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Department>>(PATH, { 'page[number]': p.page, 'page[size]': p.size, 'filter[name]': p.name }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface DepartmentInput {
  id?: number;
  name: string;
  description?: string;
  /** The head; null clears it. */
  head_id?: number | null;
  /** Warn applicants when this many others are off (0: never). */
  absence_warning?: number;
}

export function useSaveDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: DepartmentInput) =>
      d.id
        ? api.post<DataEnvelope<Department>>(`${PATH}/update`, d).then((r) => r.data)
        : api.post<DataEnvelope<Department>>(`${PATH}/register`, d).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}

export function useDeleteDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(PATH, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
