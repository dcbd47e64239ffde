import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-types';
import type { DataEnvelope } from '../../../lib/api-schemas';

type ResetRequest = paths['/api/auth/password/school/reset']['post']['requestBody']['content']['application/json'];
type NewPasswordRequest = paths['/api/auth/password/reset/new']['post']['requestBody']['content']['application/json'];

export function requestPasswordReset(body: ResetRequest) {
  return api.post<DataEnvelope<{ message: string }>>('/api/auth/password/school/reset', body);
}

export function resetPassword(body: NewPasswordRequest) {
  return api.post<DataEnvelope<{ message: string }>>('/api/auth/password/reset/new', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
