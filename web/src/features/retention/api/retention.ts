// How long the organisation keeps each kind of record before the retention job purges it
// (issue 18): read by managers, changed by owners and admins.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

export type RetentionPolicy = components['schemas']['RetentionPolicy'];
export type RetentionPolicyResponse = components['schemas']['RetentionPolicyResponse'];

/** The periods in the order the screen shows them. */
export const RETENTION_FIELDS = [
  'punches_days',
  'unknown_pins_days',
  'device_records_days',
  'device_commands_days',
  'notifications_days',
  'access_events_days',
] as const satisfies readonly (keyof RetentionPolicy)[];

export const retentionKeys = {
  all: ['retention'] as const,
};

export function useRetentionPolicy() {
  return useQuery({
    queryKey: retentionKeys.all,
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<RetentionPolicyResponse>>('/api/account/retention', undefined, signal).then((r) => r.data),
  });
}

export function useSetRetentionPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionPolicy) =>
      api.put<DataEnvelope<RetentionPolicyResponse>>('/api/account/retention', body).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(retentionKeys.all, data),
  });
}
