// Two-factor sign-in of the caller's own account, and the organisation's sign-in policy.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { components } from '../../../lib/api-types';
import type { DataEnvelope } from '../../../lib/api-schemas';
import { getSession, saveSession } from '../../../lib/session';

export type TwoFactorStatus = components['schemas']['TwoFactorStatus'];
export type TwoFactorEnrolment = components['schemas']['TwoFactorEnrolment'];
export type SecurityPolicy = components['schemas']['SecurityPolicy'];
type RecoveryCodes = components['schemas']['RecoveryCodes'];

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
  policy: () => [...twoFactorKeys.all, 'policy'] as const,
};

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: () => api.get<DataEnvelope<TwoFactorStatus>>('/api/account/two-factor').then((r) => r.data),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery());
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => api.post<DataEnvelope<TwoFactorEnrolment>>('/api/account/two-factor/enrol').then((r) => r.data),
  });
}

/** Confirms enrolment; the session stops being held at enrolment. */
export function useConfirmTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<DataEnvelope<RecoveryCodes>>('/api/account/two-factor/confirm', { code }).then((r) => r.data.recovery_codes),
    onSuccess: () => {
      const session = getSession();
      if (session?.two_factor_setup_required) saveSession({ ...session, two_factor_setup_required: false });
      return qc.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      api.post<DataEnvelope<{ message: string }>>('/api/account/two-factor/disable', body),
    onSuccess: () => {
      // Where the organisation requires it, turning it off holds the session at enrolment
      // again (to set up a new phone), as the server now does.
      const session = getSession();
      if (session && qc.getQueryData<TwoFactorStatus>(twoFactorKeys.status())?.required) {
        saveSession({ ...session, two_factor_setup_required: true });
      }
      return qc.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
  });
}

export function useRegenerateRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<DataEnvelope<RecoveryCodes>>('/api/account/two-factor/recovery-codes', { code }).then((r) => r.data.recovery_codes),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}

export function useSecurityPolicy(enabled: boolean) {
  return useQuery({
    queryKey: twoFactorKeys.policy(),
    queryFn: () => api.get<DataEnvelope<SecurityPolicy>>('/api/account/security/policy').then((r) => r.data),
    enabled,
  });
}

export function useSetSecurityPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SecurityPolicy) =>
      api.put<DataEnvelope<SecurityPolicy>>('/api/account/security/policy', body).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(twoFactorKeys.policy(), data),
  });
}
