import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const weekly = {
  id: 4, name: 'Office weekly', kind: 'monthly', filters: { kind: 'employee' }, format: 'xlsx', schedule: 'weekly', weekday: 1, month_day: 0,
  run_time: '07:30', recipients: [1, 2], lang: 'en', next_run_at: '2026-11-29T23:30:00Z', last_run_at: null, last_error: '', created_by: 1,
  created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z',
};

// A leave statistics report of the away face is named as such in the list.
const awayStats = { ...weekly, id: 5, name: 'Errands this year', kind: 'leave_statistics', filters: { leave_kind: 'away' }, schedule: 'none' };

function reportsApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/reports/saved') return { body: { data: [weekly, awayStats] } };
    if (url.pathname === '/api/reports/recipients') {
      return { body: { data: [{ id: 1, name: 'Owner', email: 'owner@example.com', role: 'owner' }, { id: 2, name: 'Hana', email: 'hana@example.com', role: 'admin' }] } };
    }
    if (url.pathname === '/api/reports/saved/4/send' && init?.method === 'POST') return { status: 202, body: { data: { queued: 2 } } };
    if (url.pathname === '/api/reports/saved/4' && init?.method === 'PUT') {
      return { body: { data: { ...weekly, ...JSON.parse(String(init.body)) } } };
    }
    return undefined;
  });
}

describe('Saved reports screen', () => {
  it('lists a saved report with its schedule, sends it now, and edits it keeping its filters and recipients', async () => {
    signIn(companyOwner);
    const calls = reportsApi();
    await renderApp('/reports/saved');
    expect((await screen.findAllByTestId('saved-report-row-name', {}, { timeout: 30_000 }))[0].textContent).toBe('Office weekly');
    expect(screen.getAllByTestId('saved-report-row-schedule')[0].textContent).toBe('Every Monday at 07:30');
    expect(screen.getAllByText('Away statistics').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Leave statistics')).toHaveLength(0);

    fireEvent.click(screen.getAllByTestId('saved-report-send')[0]);
    expect(await screen.findByText('E-mailed to 2 people.')).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('saved-report-edit')[0]);
    const name = (await screen.findByTestId('saved-report-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Office weekly'));
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('saved-report-submit'));
    expect(await screen.findByText('Give the report a name.')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'PUT')).toBe(false);

    fireEvent.change(name, { target: { value: 'Monday summary' } });
    fireEvent.click(screen.getByTestId('saved-report-submit'));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({
      name: 'Monday summary', kind: 'monthly', filters: { kind: 'employee' }, schedule: 'weekly', weekday: 1, run_time: '07:30', recipients: [1, 2],
    });
  }, 60_000);
});
