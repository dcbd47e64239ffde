import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, School, SchoolUpdateRequest } from '../../../lib/api-schemas';

export const schoolKeys = {
  all: ['school'] as const,
  profile: () => [...schoolKeys.all, 'profile'] as const,
};

export function getSchoolProfile() {
  return api.get<DataEnvelope<School>>('/api/school/management/form').then((r) => r.data);
}

export const schoolProfileQuery = () =>
  queryOptions({ queryKey: schoolKeys.profile(), queryFn: getSchoolProfile });

export function useSchoolProfile() {
  return useQuery(schoolProfileQuery());
}

export function updateSchoolProfile(body: SchoolUpdateRequest) {
  return api.post<DataEnvelope<School>>('/api/school/management', body).then((r) => r.data);
}

export function useUpdateSchoolProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSchoolProfile,
    onSuccess: (school) => qc.setQueryData(schoolKeys.profile(), school),
  });
}
