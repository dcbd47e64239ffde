// Rosters and rotations (issue 13): shifts, rotation patterns, the pattern a group follows,
// and the roster grid of people by days that overrides both.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Shift = Schemas['Shift'];
export type ShiftInput = Schemas['ShiftInput'];
export type Pattern = Schemas['ShiftPattern'];
export type PatternInput = Schemas['ShiftPatternInput'];
export type GroupPattern = Schemas['GroupPattern'];
export type RosterRow = Schemas['RosterRow'];
export type RosterDay = Schemas['RosterDay'];
export type RosterChange = Schemas['RosterChange'];
export interface GroupOption {
  id: number;
  name: string;
}

export const rosterKeys = {
  all: ['roster'] as const,
  shifts: ['roster', 'shifts'] as const,
  patterns: ['roster', 'patterns'] as const,
  groupPatterns: ['roster', 'group-patterns'] as const,
  groups: (orgKind: string) => ['roster', 'groups', orgKind] as const,
  week: (from: string, search: string, page: number) => ['roster', 'week', from, search, page] as const,
};

export function useShifts() {
  return useQuery({
    queryKey: rosterKeys.shifts,
    queryFn: ({ signal }) => api.get<DataEnvelope<Shift[]>>('/api/attendance/shifts', undefined, signal).then((r) => r.data),
  });
}

export function usePatterns() {
  return useQuery({
    queryKey: rosterKeys.patterns,
    queryFn: ({ signal }) => api.get<DataEnvelope<Pattern[]>>('/api/attendance/patterns', undefined, signal).then((r) => r.data),
  });
}

export function useGroupPatterns() {
  return useQuery({
    queryKey: rosterKeys.groupPatterns,
    queryFn: ({ signal }) => api.get<DataEnvelope<GroupPattern[]>>('/api/attendance/group-patterns', undefined, signal).then((r) => r.data),
  });
}

/** The groups of the organisation: teachers' and staff's in a school, employees' in a company. */
export function useGroups(orgKind: 'school' | 'company') {
  return useQuery({
    queryKey: rosterKeys.groups(orgKind),
    queryFn: async ({ signal }) => {
      const page = { 'page[number]': 1, 'page[size]': 150 };
      const lists =
        orgKind === 'school'
          ? await Promise.all(
              (['teacher', 'staff'] as const).map((type) =>
                api.get<ListEnvelope<Schemas['Group']>>('/api/school/group/management', { ...page, type }, signal).then((r) => r.data),
              ),
            )
          : [await api.get<ListEnvelope<Schemas['Group']>>('/api/group/record', page, signal).then((r) => r.data)];
      return lists.flat().map((g): GroupOption => ({ id: g.id, name: g.name }));
    },
  });
}

export function useRosterWeek(from: string, search: string, page: number, size = 20) {
  return useQuery({
    queryKey: rosterKeys.week(from, search, page),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<RosterRow>>('/api/attendance/roster', { from, search: search || undefined, 'page[number]': page, 'page[size]': size }, signal),
  });
}

function useRosterMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: rosterKeys.all }) });
}

export const useSaveShift = () =>
  useRosterMutation((v: { id?: number; input: ShiftInput }) => (v.id ? api.put(`/api/attendance/shifts/${v.id}`, v.input) : api.post('/api/attendance/shifts', v.input)));
export const useDeleteShift = () => useRosterMutation((id: number) => api.delete(`/api/attendance/shifts/${id}`));
export const useSavePattern = () =>
  useRosterMutation((v: { id?: number; input: PatternInput }) => (v.id ? api.put(`/api/attendance/patterns/${v.id}`, v.input) : api.post('/api/attendance/patterns', v.input)));
export const useDeletePattern = () => useRosterMutation((id: number) => api.delete(`/api/attendance/patterns/${id}`));
export const useSetGroupPattern = () =>
  useRosterMutation((v: { groupId: number; pattern_id: number; start_date: string; effective_from?: string }) =>
    api.put(`/api/attendance/group-patterns/${v.groupId}`, {
      pattern_id: v.pattern_id,
      start_date: v.start_date,
      ...(v.effective_from ? { effective_from: v.effective_from } : {}),
    }),
  );
export const useClearGroupPattern = () => useRosterMutation((groupId: number) => api.delete(`/api/attendance/group-patterns/${groupId}`));
export const useFillRoster = () => useRosterMutation((v: RosterChange) => api.post<DataEnvelope<{ written: number }>>('/api/attendance/roster/fill', v));
export const useClearRoster = () => useRosterMutation((v: RosterChange) => api.post<DataEnvelope<{ removed: number }>>('/api/attendance/roster/clear', v));
export const useCopyWeek = () => useRosterMutation((v: RosterChange) => api.post<DataEnvelope<{ written: number }>>('/api/attendance/roster/copy', v));

/** A date (YYYY-MM-DD) plus days, by the calendar. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** The Monday of the week of a date (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(date, -((wd + 6) % 7));
}
