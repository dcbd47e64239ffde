// The team calendar (issue 12): who is on leave, away or on a holiday, and the filters' lists.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

export type TeamCalendar = components['schemas']['TeamCalendar'];
export type CalendarEntry = TeamCalendar['entries'][number];

export interface CalendarQuery {
  from: string;
  to: string;
  group_id?: number;
  department_id?: number;
  /** 1: a manager's own team (their direct reports and themselves). */
  team?: 1;
}

export function useTeamCalendar(q: CalendarQuery) {
  return useQuery({
    queryKey: ['calendar', q],
    queryFn: ({ signal }) => api.get<DataEnvelope<TeamCalendar>>('/api/calendar', { ...q }, signal).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

interface Named {
  id: number;
  name: string;
}

/** The organisation's groups (both kinds of a school), for an admin's filter. */
export function useCalendarGroups(org: 'school' | 'company' | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['calendar', 'groups', org],
    enabled: enabled && !!org,
    queryFn: async ({ signal }) => {
      const page = { 'page[size]': 150 };
      if (org === 'company') return api.get<ListEnvelope<Named>>('/api/group/record', page, signal).then((r) => r.data);
      const lists = await Promise.all(
        ['teacher', 'staff'].map((type) => api.get<ListEnvelope<Named>>('/api/school/group/management', { ...page, type }, signal).then((r) => r.data)),
      );
      return lists.flat();
    },
  });
}

/** The company's departments, for an admin's filter. */
export function useCalendarDepartments(enabled: boolean) {
  return useQuery({
    queryKey: ['calendar', 'departments'],
    enabled,
    queryFn: ({ signal }) => api.get<ListEnvelope<Named>>('/api/department/record', { 'page[size]': 150 }, signal).then((r) => r.data),
  });
}

/** Whether the caller manages people (GET /api/team answers 403 when they manage nobody). */
export function useManagesTeam(enabled: boolean) {
  return useQuery({
    queryKey: ['calendar', 'manages'],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.get<DataEnvelope<unknown[]>>('/api/team', undefined, signal).then((r) => r.data.length > 0),
  });
}
