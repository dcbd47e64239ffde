import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-types';
import { companyKeys } from './company-profile';

type Op = paths['/api/company/register']['post'];
type RegisterDetailsRequest = Op['requestBody']['content']['application/json'];
type RegisterDetailsResponse = Op['responses']['200']['content']['application/json'];

export function registerCompanyDetails(body: RegisterDetailsRequest) {
  return api.post<RegisterDetailsResponse>('/api/company/register', body);
}

export function useRegisterCompanyDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerCompanyDetails,
    onSuccess: (res) => qc.setQueryData(companyKeys.profile(), res.data),
  });
}
