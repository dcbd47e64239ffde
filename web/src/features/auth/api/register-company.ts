import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CompanyRegisterRequest, DataEnvelope, Session } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

export function registerCompany(body: CompanyRegisterRequest) {
  return api.post<DataEnvelope<Session>>('/api/auth/register', body).then((r) => r.data);
}

export function useRegisterCompany() {
  return useMutation({ mutationFn: registerCompany, onSuccess: (session) => saveSession(session) });
}
