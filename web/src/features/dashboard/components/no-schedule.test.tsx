import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const totals = { present: 3, absent: 1, leave: 0, away: 0, holiday: 0, off_day: 0, open: 0, late: 0, early_out: 0 };
const row = (id: number, name: string) => ({
  id, kind: 'employee', code: `E${id}`, first_name: name, last_name: '', name, email: '', date: '2026-11-20', status: 8, late: false,
  early_out: false, missing_out: false, in_time: '', last_seen: '', punches: 0, manual: false, reason: { code: 'no_schedule', params: {} },
});

function serve(noSchedule: number | undefined) {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/dashboard/employee') return { body: { data: { count: 6 } } };
    if (url.pathname === '/api/dashboard/employee/attendance/daily') {
      return { body: { data: [{ status: 1, total: 3 }, { status: 2, total: 1 }], totals: noSchedule === undefined ? totals : { ...totals, no_schedule: noSchedule }, pending: [] } };
    }
    if (url.pathname === '/api/dashboard/employee/attendance/trend') return { body: { data: [] } };
    if (url.pathname === '/api/dashboard/employee/attendance/daily/detailed') {
      const data = url.searchParams.get('id') === '8' ? [row(7, 'Siti'), row(9, 'Ravi')] : [];
      return { body: { data, meta: { pagination: { total: data.length, count: data.length, per_page: 10, current_page: 1, total_pages: 1 } } } };
    }
    return undefined;
  });
}

describe('dashboard: people with no schedule (issue 13)', () => {
  it('counts them apart from the chart and lists them with the way to a group', async () => {
    signIn(companyOwner);
    const calls = serve(2);
    await renderApp('/dashboard');
    const card = await screen.findByTestId('no-schedule-employee');
    await waitFor(() => expect(within(card).getByText('2')).toBeTruthy());
    expect(within(card).getByText('No schedule today')).toBeTruthy();

    fireEvent.click(within(card).getByTestId('no-schedule-list-employee'));
    const names = await screen.findAllByTestId('detailed-name');
    expect(names.map((n) => n.textContent)).toEqual(['Siti', 'Ravi']);
    expect(screen.getAllByTestId('status-no_schedule')).toHaveLength(2);
    expect(screen.getByTestId('no-schedule-explain').textContent).toContain('In no group');
    expect(screen.getByTestId('no-schedule-assign').getAttribute('href')).toBe('/company/employee/group');
    const detailed = calls.filter((c) => c.url.pathname === '/api/dashboard/employee/attendance/daily/detailed');
    expect(detailed.map((c) => c.url.searchParams.get('id'))).toContain('8');
  }, 60_000);

  it('shows zero and no list when everyone has a schedule, also from a server without the count', async () => {
    signIn(companyOwner);
    serve(undefined);
    await renderApp('/dashboard');
    const card = await screen.findByTestId('no-schedule-employee');
    await waitFor(() => expect(within(card).getByText('0')).toBeTruthy());
    expect(within(card).queryByTestId('no-schedule-list-employee')).toBeNull();
  }, 60_000);
});
