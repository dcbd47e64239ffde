import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-types';
import type { DataEnvelope, User } from '../../../lib/api-schemas';
import { syncSessionUser } from './update-user';

type ChangeEmailRequest = paths['/api/auth/account/email']['post']['requestBody']['content']['application/json'];

export function changeEmail(body: ChangeEmailRequest) {
  return api.post<DataEnvelope<User>>('/api/auth/account/email', body).then((r) => r.data);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: syncSessionUser });
}
