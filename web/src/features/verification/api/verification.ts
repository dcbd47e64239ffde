// Employee verification (DESIGN §4): check a code, register with it, or link a signed-in account.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { DataEnvelope, LoginRequest, Session } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';
import { saveSession } from '../../../lib/session';

export type VerificationCheck = components['schemas']['VerificationCheck'];
export type VerificationRegisterRequest = components['schemas']['VerificationRegisterRequest'];

/** Codes are shown as XXXX-XXXX; case, spaces and dashes do not matter. */
export function normaliseCode(raw: string | null | undefined): string {
  return (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
}

export function isInvalidCode(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'verification.invalid';
}

export function checkVerificationCode(code: string, signal?: AbortSignal) {
  return api
    .get<DataEnvelope<VerificationCheck>>('/api/employee/check', { verification_code: code }, signal)
    .then((r) => r.data);
}

export function useVerificationCheck(code: string) {
  return useQuery({
    queryKey: ['verification', 'check', code],
    queryFn: ({ signal }) => checkVerificationCode(code, signal),
    enabled: code.length > 0,
    retry: false,
    staleTime: 60_000,
  });
}

/** Creates the account with the code and stores the session like a login. */
export function useRegisterWithCode() {
  return useMutation({
    mutationFn: (body: VerificationRegisterRequest) =>
      api.post<DataEnvelope<Session>>('/api/auth/verification/register/employee', body).then((r) => r.data),
    onSuccess: (s) => saveSession(s),
  });
}

/** Signs in with an existing account, then links it to the invited person. */
export function useLoginAndLink() {
  return useMutation({
    mutationFn: async (v: LoginRequest & { code: string }) => {
      const session = await api
        .post<DataEnvelope<Session>>('/api/auth/login', { email: v.email, password: v.password })
        .then((r) => r.data);
      saveSession(session);
      await api.post('/api/employee/verify', { verification_code: v.code });
      // The link can change what the session shows (the person's name); read it again.
      const fresh = await api.get<DataEnvelope<Session>>('/api/verify').then((r) => r.data);
      saveSession(fresh);
    },
  });
}
