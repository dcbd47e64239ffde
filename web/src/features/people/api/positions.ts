import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListEnvelope, Position } from '../../../lib/api-schemas';

/** The company's positions for the job record's select (first 150). */
export function usePositionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['people', 'position-options'],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Position>>('/api/company/settings/positions', { 'page[number]': 1, 'page[size]': 150 }, signal),
    enabled,
    staleTime: 60_000,
  });
}
