import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const day = {
  id: 7, kind: 'employee', code: 'E7', first_name: 'Siti', last_name: 'Aminah', name: 'Siti Aminah', email: '', date: '2026-12-08', status: 1, late: true,
  early_out: false, missing_out: false, in_time: '08:12', last_seen: '17:05', punches: 2, manual: false, reason: { code: 'late', params: {} },
};

describe('My team', () => {
  it("shows each report's status on a day, today by default and then on a date chosen", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/team') return { body: { data: [{ id: 7, code: 'E7', name: 'Siti Aminah' }] } };
      if (url.pathname === '/api/team/attendance/daily') {
        const date = url.searchParams.get('date');
        return { body: { data: [date ? { ...day, date, status: 2, late: false, in_time: '', last_seen: '' } : day] } };
      }
      return undefined;
    });
    await renderApp('/personal/team');
    fireEvent.click(await screen.findByTestId('team-tab-day'));
    const table = await screen.findByTestId('team-day');
    await waitFor(() => expect(within(table).getByText('Present')).toBeTruthy());
    expect(within(table).getByText('Late')).toBeTruthy();
    expect(within(table).getByText('08:12 – 17:05')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/team/attendance/daily')!.url.searchParams.has('date')).toBe(false);

    const pickers = screen.getAllByTestId('team-day-date');
    const input = pickers.map((e) => (e.tagName === 'INPUT' ? e : e.querySelector('input'))).find(Boolean)!;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026-11-16' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('date') === '2026-11-16')).toBe(true));
    await waitFor(() => expect(within(table).getByText('Absent')).toBeTruthy());
  }, 60_000);

  it("lists the reports and opens one's requests with their timeline", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/team') return { body: { data: [{ id: 7, code: 'E7', name: 'Siti Aminah' }] } };
      if (url.pathname === '/api/team/7/attendance/monthly') return { body: { data: { ...day, days: [day], totals: {} } } };
      if (url.pathname === '/api/team/7/leave') return { body: { data: [], meta: { pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 } } } };
      if (url.pathname === '/api/team/7/requests') {
        return {
          body: {
            data: [{ id: 3, kind: 'attendance_correction', person_id: 7, date: '2026-12-08', type: 'add_punch', time: '17:30', punch_id: null, status: null,
              reason: 'Forgot', state: 'pending', created_at: '2026-12-09T01:00:00Z', applied_at: null,
              timeline: [{ id: 1, level: 0, level_kind: '', action: 'submitted', actor_name: 'Siti', comment: '', override: false, created_at: '2026-12-09T01:00:00Z' }] }],
          },
        };
      }
      return undefined;
    });
    await renderApp('/personal/team');
    fireEvent.click(await screen.findByTestId('team-open-7'));
    // The drawer opens on the report's month of attendance.
    expect(await screen.findByTestId('team-month')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: 'Requests' }));
    await waitFor(() => expect(screen.getByText('Add a punch 17:30')).toBeTruthy());
  });
});
