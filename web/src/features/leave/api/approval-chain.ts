// The approval chain of a leave or away type, or of the organisation's attendance corrections (issue 12): its ordered levels as the API stores
// them ("manager", "department_head", "admins", "person:<id>").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';
import { leaveKeys, type LeaveKind } from './faces';

export type ApprovalChain = components['schemas']['ApprovalChain'];
const PATH = '/api/approvals/chain';

/** The kinds with chains: leave and away types, and the organisation's attendance corrections (type 0). */
export type ChainKind = LeaveKind | 'attendance_correction' | 'overtime';

export const chainKey = (kind: ChainKind, typeId: number) => [...leaveKeys.all, 'chain', kind, typeId] as const;

export function useApprovalChain(kind: ChainKind, typeId: number, enabled: boolean) {
  return useQuery({
    queryKey: chainKey(kind, typeId),
    queryFn: ({ signal }) => api.get<DataEnvelope<ApprovalChain>>(PATH, { kind, type_id: typeId }, signal).then((r) => r.data),
    enabled,
  });
}

export function useSaveApprovalChain(kind: ChainKind, typeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (levels: string[]) => api.post<DataEnvelope<ApprovalChain>>(PATH, { kind, type_id: typeId, levels }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: chainKey(kind, typeId) }),
  });
}

export type LevelKind = 'manager' | 'department_head' | 'admins' | 'person';
export const LEVEL_KINDS: LevelKind[] = ['manager', 'department_head', 'admins', 'person'];
export const MAX_LEVELS = 5;

export interface LevelDraft {
  kind: LevelKind;
  personId?: number;
}

/** Stored forms → editable levels. */
export function toDrafts(levels: string[]): LevelDraft[] {
  return levels.map((l) => (l.startsWith('person:') ? { kind: 'person', personId: Number(l.slice(7)) } : { kind: l as LevelKind }));
}

/** Editable levels → stored forms; a person level without a person is left out. */
export function fromDrafts(levels: LevelDraft[]): string[] {
  return levels.flatMap((l) => (l.kind === 'person' ? (l.personId ? [`person:${l.personId}`] : []) : [l.kind]));
}
