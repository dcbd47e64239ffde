// API tokens of the organisation (issue 15): list, create (the secret comes back once) and
// revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type ApiToken = Schemas['ApiToken'];
export type ApiTokenArea = Schemas['ApiTokenArea'];
export type CreatedApiToken = ApiToken & { token: string };

/** The areas a token may be given, in the server's order. */
export const TOKEN_AREAS: ApiTokenArea[] = ['people', 'attendance', 'leave', 'devices'];

export interface NewApiToken {
  name: string;
  write: boolean;
  areas: ApiTokenArea[];
  expires_on?: string;
}

export const tokenKeys = {
  all: ['integrations', 'tokens'] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => api.get<DataEnvelope<ApiToken[]>>('/api/integrations/tokens', undefined, signal).then((r) => r.data),
  });
}

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiToken) => api.post<DataEnvelope<CreatedApiToken>>('/api/integrations/tokens', body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/integrations/tokens/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
