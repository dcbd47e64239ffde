// Single sign-on of the organisation (issue 15): providers, sign-ins waiting for approval and
// whether password sign-in is off. Client secrets go up, never come back.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type SSOSettings = Schemas['SSOSettings'];
export type SSOProvider = Schemas['SSOProvider'];
export type SSOProviderInput = Schemas['SSOProviderInput'];
export type SSORequest = Schemas['SSORequest'];

export const ssoKeys = { all: ['integrations', 'sso'] as const };

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKeys.all,
    queryFn: ({ signal }) => api.get<DataEnvelope<SSOSettings>>('/api/integrations/sso', undefined, signal).then((r) => r.data),
  });
}

function useSsoMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ssoKeys.all }) });
}

export function useSetPasswordSignInOff() {
  return useSsoMutation((off: boolean) => api.put('/api/integrations/sso', { password_login_disabled: off }));
}

export function useSaveSsoProvider() {
  return useSsoMutation(({ id, body }: { id?: number; body: SSOProviderInput }) =>
    id ? api.put(`/api/integrations/sso/providers/${id}`, body) : api.post('/api/integrations/sso/providers', body),
  );
}

export function useDeleteSsoProvider() {
  return useSsoMutation((id: number) => api.delete(`/api/integrations/sso/providers/${id}`));
}

export function useDecideSsoRequest() {
  return useSsoMutation(({ id, approve }: { id: number; approve: boolean }) =>
    approve ? api.post(`/api/integrations/sso/requests/${id}/approve`) : api.delete(`/api/integrations/sso/requests/${id}`),
  );
}
