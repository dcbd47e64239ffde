// Single sign-on (issue 15): whether an e-mail's domain has a provider, and the exchange of the
// callback's one-time ticket for a session (the same session a password sign-in gives).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Session } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

export function ssoAvailable(email: string, signal?: AbortSignal) {
  return api
    .get<DataEnvelope<{ available: boolean }>>('/api/auth/sso/lookup', { email }, signal)
    .then((r) => r.data.available);
}

/** The address the browser goes to: the server redirects it to the provider. */
export function ssoStartURL(email: string) {
  return `/api/auth/sso/start?email=${encodeURIComponent(email)}`;
}

export function useSsoSession() {
  return useMutation({
    mutationFn: (body: { ticket: string; otp_code?: string }) => api.post<DataEnvelope<Session>>('/api/auth/sso/session', body).then((r) => r.data),
    onSuccess: (session) => saveSession(session),
  });
}
