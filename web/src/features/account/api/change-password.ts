import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-types';
import type { DataEnvelope } from '../../../lib/api-schemas';

type ChangePasswordRequest = paths['/api/auth/account/password']['post']['requestBody']['content']['application/json'];

export function changePassword(body: ChangePasswordRequest) {
  return api.post<DataEnvelope<{ message: string }>>('/api/auth/account/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
