import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, SchoolRegisterRequest, Session } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

export function registerSchool(body: SchoolRegisterRequest) {
  return api.post<DataEnvelope<Session>>('/api/school/register', body).then((r) => r.data);
}

export function useRegisterSchool() {
  return useMutation({ mutationFn: registerSchool, onSuccess: (session) => saveSession(session) });
}
