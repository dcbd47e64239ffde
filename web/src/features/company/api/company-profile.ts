import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Company, CompanyProfileUpdateRequest, DataEnvelope } from '../../../lib/api-schemas';

export const companyKeys = {
  all: ['company'] as const,
  profile: () => [...companyKeys.all, 'profile'] as const,
};

export function getCompanyProfile() {
  return api.get<DataEnvelope<Company>>('/api/company/profile').then((r) => r.data);
}

export const companyProfileQuery = () =>
  queryOptions({ queryKey: companyKeys.profile(), queryFn: getCompanyProfile });

export function useCompanyProfile() {
  return useQuery(companyProfileQuery());
}

export function updateCompanyProfile(body: CompanyProfileUpdateRequest) {
  return api.post<DataEnvelope<Company>>('/api/company/profile/update', body).then((r) => r.data);
}

export function useUpdateCompanyProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (company) => qc.setQueryData(companyKeys.profile(), company),
  });
}
