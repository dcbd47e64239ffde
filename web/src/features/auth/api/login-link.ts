import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Session } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

/** Signs in with the one-time link e-mailed for a locked account. */
export function loginWithLink(body: { token: string; otp_code?: string }) {
  return api.post<DataEnvelope<Session>>('/api/auth/login/link', body).then((r) => r.data);
}

export function useLoginWithLink() {
  return useMutation({ mutationFn: loginWithLink, onSuccess: (session) => saveSession(session) });
}
