// People and groups to pick from in the leave screens (a small read of the people and group
// lists; features do not import each other).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListEnvelope } from '../../../lib/api-schemas';
import { leaveKeys, type PersonLeaveFace } from './faces';

export interface PersonOption {
  id: number;
  code: string;
  name: string;
}

export interface GroupOption {
  id: number;
  name: string;
}

/** People of the face matching a search (by name or code), first 30. */
export function usePeopleOptions(face: PersonLeaveFace, search: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: leaveKeys.people(face.api.people, { search }),
    queryFn: ({ signal }) =>
      api
        .get<ListEnvelope<PersonOption>>(face.api.people, { 'page[number]': 1, 'page[size]': 30, 'filter[base]': search || undefined }, signal)
        .then((r) => r.data.map((p) => ({ id: p.id, code: p.code, name: p.name }))),
  });
}

export function useGroupOptions(face: PersonLeaveFace, enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.groups(face.api.groups, face.groupQuery),
    queryFn: ({ signal }) =>
      api
        .get<ListEnvelope<GroupOption>>(face.api.groups, { ...face.groupQuery, 'page[number]': 1, 'page[size]': 150 }, signal)
        .then((r) => r.data.map((g) => ({ id: g.id, name: g.name }))),
    enabled,
  });
}
