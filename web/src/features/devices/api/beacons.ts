// Beacons of the organisation (schools and companies share /api/device/beacon).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

export type Beacon = components['schemas']['Beacon'];
export type BeaconInput = components['schemas']['BeaconInput'];

export const BEACONS_PAGE_SIZE = 20;
const BASE = '/api/device/beacon';
const keys = { all: ['beacons'] as const };

export function useBeacons(p: { page: number; name?: string }) {
  return useQuery({
    queryKey: [...keys.all, p],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Beacon>>(BASE, { 'page[number]': p.page, 'page[size]': BEACONS_PAGE_SIZE, 'filter[name]': p.name }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSaveBeacon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BeaconInput) => (b.id ? api.post<DataEnvelope<Beacon>>(`${BASE}/update`, b) : api.post<DataEnvelope<Beacon>>(BASE, b)).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteBeacon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(BASE, { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.all }),
  });
}
