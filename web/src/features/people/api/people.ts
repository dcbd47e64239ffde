// People lists, records and their changes, for any face.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope, SessionInfo } from '../../../lib/api-schemas';
import { saveSession } from '../../../lib/session';
import type { PeopleFace, Person, PersonCreateRequest, PersonDetails, RecordArea } from './faces';

export const PEOPLE_PAGE_SIZE = 30;

export interface PeopleListParams {
  page: number;
  size: number;
  base?: string;
  archived?: boolean;
}

export interface PrivilegeListParams {
  page: number;
  size: number;
  role: 1 | 2 | 3;
  firstName?: string;
}

export const peopleKeys = {
  all: (face: PeopleFace) => ['people', face.kind] as const,
  list: (face: PeopleFace, p: PeopleListParams) => [...peopleKeys.all(face), 'list', p] as const,
  privilege: (face: PeopleFace, p: PrivilegeListParams) => [...peopleKeys.all(face), 'privilege', p] as const,
  details: (face: PeopleFace, id: number) => [...peopleKeys.all(face), 'details', id] as const,
};

export function listPeople(face: PeopleFace, p: PeopleListParams, signal?: AbortSignal) {
  return api.get<ListEnvelope<Person>>(
    p.archived ? face.api.archived : face.api.list,
    { 'page[number]': p.page, 'page[size]': p.size, 'filter[base]': p.base },
    signal,
  );
}

export function usePeople(face: PeopleFace, p: PeopleListParams) {
  return useQuery(
    queryOptions({
      queryKey: peopleKeys.list(face, p),
      queryFn: ({ signal }) => listPeople(face, p, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function usePrivilegeList(face: PeopleFace, p: PrivilegeListParams) {
  return useQuery({
    queryKey: peopleKeys.privilege(face, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Person>>(
        face.api.privilege,
        { 'page[number]': p.page, 'page[size]': p.size, role: p.role, 'filter[first_name]': p.firstName },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePersonDetails(face: PeopleFace, id: number | undefined) {
  return useQuery({
    queryKey: peopleKeys.details(face, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<PersonDetails>>(face.api.details, { [face.idName]: id }, signal).then((r) => r.data),
    enabled: !!id,
  });
}

function useInvalidatePeople(face: PeopleFace) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: peopleKeys.all(face) });
}

export type GeneralInput = PersonCreateRequest & { id?: number };

/** Creates a person (no id) or updates the general details. */
export function saveGeneral(face: PeopleFace, body: GeneralInput) {
  const { id, ...fields } = body;
  if (!id) return api.post<DataEnvelope<Person>>(face.api.create, fields).then((r) => r.data);
  return api.post<DataEnvelope<Person>>(face.api.general, { ...fields, [face.idName]: id }).then((r) => r.data);
}

export function useSaveGeneral(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({ mutationFn: (body: GeneralInput) => saveGeneral(face, body), onSuccess: invalidate });
}

export interface AreaSave {
  personId: number;
  area: RecordArea;
  recordId?: number;
  fields: Record<string, unknown>;
}

export function saveArea(face: PeopleFace, s: AreaSave) {
  return api
    .post<DataEnvelope<Record<string, unknown> & { id: number }>>(
      face.areaPath(s.area, !!s.recordId),
      face.areaBody(s.personId, s.recordId, s.fields),
    )
    .then((r) => r.data);
}

export function useSaveArea(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({ mutationFn: (s: AreaSave) => saveArea(face, s), onSuccess: invalidate });
}

export function useDeleteEducation(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (v: { personId: number; recordId: number }) =>
      api.delete<void>(face.api.deleteEducation, { [face.idName]: v.personId, record_id: v.recordId }),
    onSuccess: invalidate,
  });
}

export function useArchivePerson(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(face.api.archive, { [face.idName]: id }),
    onSuccess: invalidate,
  });
}

export function useRestorePerson(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<Person>>(face.api.restore, { [face.idName]: id }),
    onSuccess: invalidate,
  });
}

export function useResendVerification(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<{ message: string }>>('/api/employee/verify/renew', { employee_id: id }),
    onSuccess: invalidate,
  });
}

export type PrivilegeAction = 'assign' | 'remove' | 'transfer';

export function usePrivilegeAction(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (v: { action: PrivilegeAction; id: number }) =>
      api.post<DataEnvelope<Person>>(`${face.api.privilege}/${v.action}`, {
        [face.idName]: v.id,
        ...(v.action === 'assign' && face.idName === 'employee_id' ? { role_code: 'admin' } : {}),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteAccount(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(face.api.privilege, { [face.idName]: id }),
    onSuccess: invalidate,
  });
}

export type ReportType = 'pdf' | 'xlsx';

export function downloadReport(face: PeopleFace, type: ReportType) {
  return apiDownload(face.api.report, { type }, `${face.kind}-list.${type}`);
}

/** Everything held about one person, as a zip (issue 18). */
export function downloadPersonalData(id: number) {
  return apiDownload(`/api/people/${id}/personal-data`, undefined, `personal-data-${id}.zip`);
}

/** Erases a person who has left, for good; answers the anonymous code their figures keep. */
export function useErasePerson(face: PeopleFace) {
  const invalidate = useInvalidatePeople(face);
  return useMutation({
    mutationFn: (id: number) =>
      api.post<DataEnvelope<{ id: number; code: string }>>(`/api/people/${id}/erase`, { confirm: true }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function downloadImportTemplate(face: PeopleFace) {
  return apiDownload(face.api.importTemplate, undefined, `${face.kind}-import-template.xlsx`);
}

/** Re-reads the signed-in session (roles and permissions change after a transfer). */
export async function refreshSession() {
  const res = await api.get<DataEnvelope<SessionInfo>>('/api/verify');
  saveSession(res.data);
  return res.data;
}
