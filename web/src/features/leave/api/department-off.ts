// Who else of the applicant's department is off on the dates asked for (issue 12): the apply
// form warns from the department's threshold; it never refuses.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';

export interface DepartmentOff {
  department: string;
  threshold: number;
  others: number;
  names: string[];
  warn: boolean;
}

export function useDepartmentOff(from: string | undefined, to: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['leave', 'department-off', from, to],
    enabled: enabled && !!from && (!to || to >= from),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<DepartmentOff>>('/api/leave/department-off', { from_date: from, to_date: to }, signal).then((r) => r.data),
    retry: false,
  });
}
