// Holidays of the organisation: company /api/holiday/record, school /api/school/holiday/management.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

export type Holiday = components['schemas']['Holiday'];
export const HOLIDAYS_PAGE_SIZE = 10;

export type OrgKind = 'school' | 'company';

export function holidayApi(kind: OrgKind) {
  const base = kind === 'school' ? '/api/school/holiday/management' : '/api/holiday/record';
  return {
    base,
    update: `${base}/update`,
    viewPermission: kind === 'school' ? 'view.manage.school' : 'view.manage.company',
    editPermission: kind === 'school' ? 'add.manage.school.employee' : 'add.manage.company.employee',
  };
}

export interface HolidayFilters {
  page: number;
  size: number;
  name?: string;
  from?: string;
  to?: string;
}

/** The list parameters of a filter set (school also sends the spec's holidayPeriod.name). */
export function holidayQuery(kind: OrgKind, f: HolidayFilters) {
  return {
    'page[number]': f.page,
    'page[size]': f.size,
    'filter[name]': f.name,
    ...(kind === 'school' ? { 'filter[holidayPeriod.name]': f.name } : {}),
    'filter[from_date]': f.from,
    'filter[to_date]': f.to,
  };
}

const keys = { all: (kind: OrgKind) => ['holidays', kind] as const };

export function useHolidays(kind: OrgKind, f: HolidayFilters) {
  return useQuery({
    queryKey: [...keys.all(kind), f],
    queryFn: ({ signal }) => api.get<ListEnvelope<Holiday>>(holidayApi(kind).base, holidayQuery(kind, f), signal),
    placeholderData: keepPreviousData,
  });
}

export interface HolidayInput {
  holiday_id?: number;
  name: string;
  start: string;
  end: string;
}

function useInvalidate(kind: OrgKind) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: keys.all(kind) });
    void qc.invalidateQueries({ queryKey: ['attendance'] });
  };
}

export function useSaveHoliday(kind: OrgKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (h: HolidayInput) =>
      (h.holiday_id ? api.post<DataEnvelope<Holiday>>(holidayApi(kind).update, h) : api.post<DataEnvelope<Holiday>>(holidayApi(kind).base, h)).then(
        (r) => r.data,
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteHoliday(kind: OrgKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({ mutationFn: (id: number) => api.delete<void>(holidayApi(kind).base, { holiday_id: id }), onSuccess: invalidate });
}
