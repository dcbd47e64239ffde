// Daily, monthly and yearly attendance reports and their downloads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { AttendanceFace, DailyRow, RangeRow, Totals, YearRow } from './faces';
import { monthlyExportRequest, monthlyRequest, singleRequest, type RangeSelection } from './range-query';

export const ATTENDANCE_PAGE_SIZE = 30;

export const attendanceKeys = {
  all: (face: AttendanceFace) => ['attendance', face.kind] as const,
  daily: (face: AttendanceFace, p: DailyParams) => [...attendanceKeys.all(face), 'daily', p] as const,
  monthly: (face: AttendanceFace, p: unknown) => [...attendanceKeys.all(face), 'monthly', p] as const,
  single: (face: AttendanceFace, id: number, sel: RangeSelection) => [...attendanceKeys.all(face), 'single', id, sel] as const,
  yearly: (face: AttendanceFace, p: unknown) => [...attendanceKeys.all(face), 'yearly', p] as const,
  yearIndividual: (face: AttendanceFace, id: number, year: string) => [...attendanceKeys.all(face), 'year-individual', id, year] as const,
  clock: (face: AttendanceFace, id: number, date: string) => [...attendanceKeys.all(face), 'clock', id, date] as const,
  audit: (face: AttendanceFace, id: number) => [...attendanceKeys.all(face), 'audit', id] as const,
};

export interface DailyParams {
  date: string;
  status?: string;
  base?: string;
  page: number;
  size: number;
}

export interface DailyEnvelope extends ListEnvelope<DailyRow> {
  totals: Totals;
}

export function useDaily(face: AttendanceFace, p: DailyParams) {
  return useQuery({
    queryKey: attendanceKeys.daily(face, p),
    queryFn: ({ signal }) =>
      api.get<DailyEnvelope>(
        face.api.daily,
        { date: p.date, status: p.status, 'filter[base]': p.base, 'page[number]': p.page, 'page[size]': p.size },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMonthly(face: AttendanceFace, sel: RangeSelection, page: number, size: number, base?: string) {
  const req = monthlyRequest(face, sel, { 'page[number]': page, 'page[size]': size, 'filter[base]': base });
  return useQuery({
    queryKey: attendanceKeys.monthly(face, req),
    queryFn: ({ signal }) => api.get<ListEnvelope<RangeRow>>(req.path, req.query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSingleMonthly(face: AttendanceFace, id: number | undefined, sel: RangeSelection) {
  return useQuery({
    queryKey: attendanceKeys.single(face, id ?? 0, sel),
    queryFn: ({ signal }) => {
      const req = singleRequest(face, id!, sel);
      return api.get<DataEnvelope<RangeRow>>(req.path, req.query, signal).then((r) => r.data);
    },
    enabled: !!id,
  });
}

export function useYearly(face: AttendanceFace, year: string, page: number, size: number, base?: string) {
  const p = { year, page, size, base };
  return useQuery({
    queryKey: attendanceKeys.yearly(face, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<YearRow>>(face.api.yearly, { date: year, 'page[number]': page, 'page[size]': size, 'filter[base]': base }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useYearIndividual(face: AttendanceFace, id: number | undefined, year: string) {
  return useQuery({
    queryKey: attendanceKeys.yearIndividual(face, id ?? 0, year),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<YearRow>>(face.api.yearlyIndividual, { [face.idName]: id, date: year }, signal).then((r) => r.data),
    enabled: !!id,
  });
}

export type ExportType = 'pdf' | 'xlsx';

export type ExportSpec =
  | { view: 'daily'; date: string; status?: string }
  | { view: 'monthly'; sel: RangeSelection }
  | { view: 'yearly'; year: string };

/** Downloads a report in the UI language; the server names the file. */
export function downloadAttendance(face: AttendanceFace, spec: ExportSpec, type: ExportType, lang: string) {
  const fallback = `${face.kind}-${spec.view}.${type}`;
  if (spec.view === 'daily') return apiDownload(face.api.dailyExport, { type, lang, date: spec.date, status: spec.status }, fallback);
  if (spec.view === 'yearly') return apiDownload(face.api.yearlyExport, { type, lang, date: spec.year }, fallback);
  const req = monthlyExportRequest(face, spec.sel, type, lang);
  return apiDownload(req.path, req.query, fallback);
}
