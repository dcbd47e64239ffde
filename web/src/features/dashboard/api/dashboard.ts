// Dashboard calls: headcounts, today's totals by status, the detailed list of a status, the
// 30-day trend, and a member's own day.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type StatusTotal = Schemas['StatusTotal'];
export type Totals = Schemas['AttendanceTotals'];
export type TrendDay = Schemas['TrendDay'];
export type DailyRow = Schemas['AttendanceDailyRow'];
export type AttendanceDay = Schemas['AttendanceDay'];
export type DashboardDaily = components['responses']['DashboardDaily']['content']['application/json'];

export type DashboardKind = 'teacher' | 'staff' | 'employee';

export function dashboardBase(kind: DashboardKind) {
  return kind === 'employee' ? '/api/dashboard/employee' : `/api/school/dashboard/${kind}`;
}

export const TREND_DAYS = 30;

export function useHeadcount(kind: DashboardKind) {
  return useQuery({
    queryKey: ['dashboard', kind, 'headcount'],
    queryFn: ({ signal }) => api.get<DataEnvelope<{ count: number }>>(dashboardBase(kind), undefined, signal).then((r) => r.data.count),
  });
}

export function useDashboardDaily(kind: DashboardKind, date: string) {
  return useQuery({
    queryKey: ['dashboard', kind, 'daily', date],
    queryFn: ({ signal }) =>
      api.get<DashboardDaily>(`${dashboardBase(kind)}/attendance/daily`, { date }, signal),
  });
}

export function useDashboardDetailed(kind: DashboardKind, date: string, status: number | null, page: number, firstName?: string) {
  return useQuery({
    queryKey: ['dashboard', kind, 'detailed', date, status, page, firstName],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<DailyRow>>(
        `${dashboardBase(kind)}/attendance/daily/detailed`,
        { date, id: status, 'page[number]': page, 'page[size]': 10, 'filter[first_name]': firstName },
        signal,
      ),
    enabled: status !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTrend(kind: DashboardKind, date: string) {
  return useQuery({
    queryKey: ['dashboard', kind, 'trend', date],
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<TrendDay[]>>(`${dashboardBase(kind)}/attendance/trend`, { date, days: TREND_DAYS }, signal).then((r) => r.data),
  });
}

export function usePersonalToday(date: string) {
  return useQuery({
    queryKey: ['dashboard', 'personal', date],
    queryFn: ({ signal }) => api.get<DataEnvelope<AttendanceDay>>('/api/school/personal/attendance/daily', { date }, signal).then((r) => r.data),
    retry: false,
  });
}
