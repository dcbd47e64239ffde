import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, SessionInfo } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';

export const authKeys = {
  verify: () => ['auth', 'verify'] as const,
};

/** Re-reads the session from the server and stores the fresh payload. */
export async function verify(): Promise<SessionInfo> {
  const res = await api.get<DataEnvelope<SessionInfo>>('/api/verify');
  saveSession(res.data);
  return res.data;
}

export const verifyQuery = () =>
  queryOptions({ queryKey: authKeys.verify(), queryFn: verify, staleTime: 5 * 60_000, retry: false });

export function useVerifySession(enabled: boolean) {
  return useQuery({ ...verifyQuery(), enabled });
}
