import { describe, expect, it } from 'vitest';
import { EMPLOYEE_ATTENDANCE, STAFF_ATTENDANCE, TEACHER_ATTENDANCE } from './faces';
import { datesOf, monthlyExportRequest, monthlyRequest, selectionFromParams, selectionToParams, singleRequest } from './range-query';

describe('date range and date_type queries', () => {
  it('asks for a month with date (date_type 1)', () => {
    expect(monthlyRequest(TEACHER_ATTENDANCE, { dateType: 1, month: '2026-03' }, { 'page[number]': 2 })).toEqual({
      path: '/api/school/attendance/teacher/monthly',
      query: { date: '2026-03', 'page[number]': 2 },
    });
  });

  it('uses the range path for schools and date_type=2 for companies', () => {
    const sel = { dateType: 2, from: '2026-03-10', to: '2026-04-09' } as const;
    expect(monthlyRequest(STAFF_ATTENDANCE, sel)).toEqual({
      path: '/api/school/attendance/staff/monthly/range',
      query: { from_date: '2026-03-10', to_date: '2026-04-09' },
    });
    expect(monthlyRequest(EMPLOYEE_ATTENDANCE, sel)).toEqual({
      path: '/api/employee/attendance/monthly',
      query: { date_type: 2, from_date: '2026-03-10', to_date: '2026-04-09' },
    });
  });

  it('builds individual and export requests with the face id name', () => {
    expect(singleRequest(TEACHER_ATTENDANCE, 7, { dateType: 1, month: '2026-03' })).toEqual({
      path: '/api/school/attendance/teacher/monthly/single',
      query: { id: 7, date_type: 1, date: '2026-03' },
    });
    expect(singleRequest(EMPLOYEE_ATTENDANCE, 9, { dateType: 2, from: '2026-01-01', to: '2026-01-31' })).toEqual({
      path: '/api/employee/attendance/monthly/individual',
      query: { employee_id: 9, date_type: 2, from_date: '2026-01-01', to_date: '2026-01-31' },
    });
    expect(monthlyExportRequest(EMPLOYEE_ATTENDANCE, { dateType: 1, month: '2026-05' }, 'xlsx', 'ms')).toEqual({
      path: '/api/employee/attendance/admin/report/monthly',
      query: { type: 'xlsx', lang: 'ms', date_type: 1, date: '2026-05' },
    });
  });

  it('reads and writes the selection in the URL, with the month of today as default', () => {
    expect(selectionFromParams(new URLSearchParams(''), '2026-05-04')).toEqual({ dateType: 1, month: '2026-05' });
    expect(selectionFromParams(new URLSearchParams('month=2025-12'), '2026-05-04')).toEqual({ dateType: 1, month: '2025-12' });
    expect(selectionFromParams(new URLSearchParams('month=bad'), '2026-05-04')).toEqual({ dateType: 1, month: '2026-05' });
    expect(selectionFromParams(new URLSearchParams('dt=2&from=2026-01-05&to=2026-02-04'), '2026-05-04')).toEqual({
      dateType: 2,
      from: '2026-01-05',
      to: '2026-02-04',
    });
    // A range without both ends falls back to the month.
    expect(selectionFromParams(new URLSearchParams('dt=2&from=2026-01-05'), '2026-05-04')).toEqual({ dateType: 1, month: '2026-05' });
    const p = selectionToParams({ dateType: 2, from: '2026-01-05', to: '2026-02-04' }, new URLSearchParams('month=2025-01&q=ai'));
    expect(p.toString()).toBe('q=ai&dt=2&from=2026-01-05&to=2026-02-04');
    expect(selectionToParams({ dateType: 1, month: '2026-02' }, p).toString()).toBe('q=ai&month=2026-02');
  });

  it('lists every date of a month or range', () => {
    expect(datesOf({ dateType: 1, month: '2024-02' })).toHaveLength(29);
    expect(datesOf({ dateType: 1, month: '2026-02' }).at(-1)).toBe('2026-02-28');
    expect(datesOf({ dateType: 2, from: '2026-03-30', to: '2026-04-02' })).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02']);
  });
});
