// The audit trail (issue 15): every change made through the API, newest first, keyset paged
// ("load more"), its export, and how long it is kept.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, type QueryValue } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditEntityKind = Schemas['AuditEntityKind'];
export type AuditSettings = Schemas['AuditSettings'];

/** The filters of the trail, as kept in the page's URL. */
export interface AuditFilters {
  person?: number;
  entity?: AuditEntityKind;
  entityId?: string;
  actor?: number;
  from?: string;
  to?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilters) => ['audit', 'list', f] as const,
  settings: ['audit', 'settings'] as const,
  people: (org: string, search: string) => ['audit', 'people', org, search] as const,
};

function filterQuery(f: AuditFilters): Record<string, QueryValue> {
  return {
    'filter[person]': f.person,
    'filter[entity]': f.entity,
    'filter[entity_id]': f.entityId || undefined,
    'filter[actor]': f.actor,
    'filter[from]': f.from,
    'filter[to]': f.to,
  };
}

interface AuditPage {
  data: AuditEntry[];
  meta: { next_before: number | null; kinds: AuditEntityKind[] };
}

export const PAGE_SIZE = 50;

export function useAuditTrail(f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(f),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>('/api/audit', { ...filterQuery(f), before: pageParam || undefined, limit: PAGE_SIZE }, signal),
    getNextPageParam: (last) => last.meta.next_before ?? undefined,
  });
}

/** Downloads the filtered trail as xlsx or csv under the server's file name. */
export function downloadAudit(format: 'xlsx' | 'csv', f: AuditFilters) {
  return apiDownload('/api/audit/export', { ...filterQuery(f), format }, `audit-trail.${format}`);
}

export function useAuditSettings() {
  return useQuery({
    queryKey: auditKeys.settings,
    queryFn: ({ signal }) => api.get<DataEnvelope<AuditSettings>>('/api/audit/settings', undefined, signal).then((r) => r.data),
  });
}

export function useSetAuditSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditSettings) => api.put<DataEnvelope<AuditSettings>>('/api/audit/settings', body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

interface PersonRow {
  id: number;
  code: string;
  name: string;
}

/** People of the organisation matching a search (name or code), for the person filter. */
export function usePersonOptions(org: 'school' | 'company', search: string) {
  return useQuery({
    queryKey: auditKeys.people(org, search),
    enabled: search.length >= 2,
    queryFn: async ({ signal }) => {
      const paths = org === 'company' ? ['/api/employee/record'] : ['/api/school/employee/teacher', '/api/school/employee/staff'];
      const lists = await Promise.all(
        paths.map((p) => api.get<ListEnvelope<PersonRow>>(p, { 'page[number]': 1, 'page[size]': 20, 'filter[base]': search }, signal)),
      );
      return lists.flatMap((l) => l.data.map((p) => ({ id: p.id, code: p.code, name: p.name })));
    },
  });
}
