import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, LoginRequest, Session } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

export function login(body: LoginRequest) {
  return api.post<DataEnvelope<Session>>('/api/auth/login', body).then((r) => r.data);
}

/** Signs in and stores the session. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (session) => saveSession(session) });
}
