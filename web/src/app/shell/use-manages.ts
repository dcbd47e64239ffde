// Whether the signed-in user's person manages people: GET /api/team answers their reports, or
// 403 when they manage nobody. The sidebar shows "My team" only then.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DataEnvelope } from '../../lib/api-schemas';
import { useSession } from '../../lib/use-session';

export function useManages(): boolean {
  const session = useSession();
  const q = useQuery({
    queryKey: ['team', 'mine', session?.email ?? ''],
    queryFn: ({ signal }) => api.get<DataEnvelope<unknown[]>>('/api/team', undefined, signal).then((r) => r.data.length > 0),
    enabled: !!session,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return q.data === true;
}
