import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

// The groups-on-a-rotation card: each group shows the date its latest version of the pattern
// decides from, and a change may name that date (otherwise the server's default: today, or
// the start date when later).
describe('the patterns page: versions of a group pattern', () => {
  it('lists the date a group pattern is in force from, and sends the optional effective date only when given', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/attendance/shifts') return { body: { data: [] } };
      if (url.pathname === '/api/attendance/patterns') return { body: { data: [{ id: 3, name: 'Nights', cycle_days: 1, days: [null], groups: 1 }] } };
      if (url.pathname === '/api/attendance/group-patterns' && (init?.method ?? 'GET') === 'GET') {
        return { body: { data: [{ group_id: 7, group_name: 'Factory', pattern_id: 3, start_date: '2026-11-02', effective_from: '2026-11-25' }] } };
      }
      if (url.pathname === '/api/group/record') return { body: { data: [{ id: 7, name: 'Factory' }], meta: { total: 1 } } };
      if (url.pathname === '/api/attendance/group-patterns/7' && init?.method === 'PUT') {
        return { body: { data: { group_id: 7, group_name: 'Factory', pattern_id: 3, start_date: '2026-11-02', effective_from: '2026-11-20' } } };
      }
      return undefined;
    });
    await renderApp('/attendance/patterns');
    const table = await screen.findByTestId('group-patterns-table', {}, { timeout: 15_000 });
    await within(table).findByText('2026-11-25');
    expect(within(table).getAllByText('In force from').length).toBeGreaterThan(0);

    const pick = async (testId: string, label: string) => {
      fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
      const options = await screen.findAllByText(label);
      fireEvent.click(options[options.length - 1]);
    };
    await pick('gp-group', 'Factory');
    await pick('gp-pattern', 'Nights');
    fireEvent.change(screen.getByTestId('gp-start'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByTestId('gp-save'));
    await waitFor(() => expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'PUT')!.init!.body))).toEqual({ pattern_id: 3, start_date: '2026-11-02' });

    fireEvent.change(screen.getByTestId('gp-effective'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByTestId('gp-save'));
    await waitFor(() => expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(calls.filter((c) => c.init?.method === 'PUT')[1].init!.body))).toEqual({ pattern_id: 3, start_date: '2026-11-02', effective_from: '2026-11-20' });
  }, 60_000);
});
