import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

function statisticsApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/company/leave/statistics') return { body: { data: { week: 1, pending: 2, approved: 3, total: 4 } } };
    if (url.pathname === '/api/company/leave/statistics/report') return { body: {} };
    if (url.pathname === '/api/company/leave') return { body: { data: [], meta: { total: 0, page: 1, page_size: 30 } } };
    if (url.pathname === '/api/leave/calendar') return { body: { data: { url: 'https://example.com/feed.ics' } } };
    if (url.pathname === '/api/reports/recipients') return { body: { data: [{ id: 1, name: 'Owner', email: 'owner@example.com', role: 'owner' }] } };
    if (url.pathname === '/api/reports/saved' && init?.method === 'POST') {
      return { status: 201, body: { data: { id: 9, ...JSON.parse(String(init.body)) } } };
    }
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Leave statistics screen', () => {
  it('downloads the chosen year as a file and saves the screen as a leave statistics report', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:stats');
    URL.revokeObjectURL = vi.fn();
    signIn(companyOwner);
    const calls = statisticsApi();
    await renderApp('/company/leave/statistics');
    const year = (await screen.findByTestId('leave-stats-year', {}, { timeout: 30_000 })) as HTMLInputElement;
    expect(year.labels?.[0]?.textContent).toBe('Year');
    fireEvent.change(year, { target: { value: '2025' } });
    fireEvent.blur(year);
    fireEvent.click(screen.getByTestId('leave-stats-export-xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/company/leave/statistics/report')).toBe(true));
    const download = calls.find((c) => c.url.pathname === '/api/company/leave/statistics/report');
    expect(download?.url.searchParams.get('type')).toBe('xlsx');
    expect(download?.url.searchParams.get('year')).toBe('2025');
    expect(download?.url.searchParams.get('lang')).toBe('en');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());

    fireEvent.click(screen.getByTestId('save-report'));
    fireEvent.change(await screen.findByTestId('saved-report-name'), { target: { value: 'Leave this year' } });
    fireEvent.click(screen.getByTestId('saved-report-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/reports/saved' && c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.url.pathname === '/api/reports/saved' && c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({ name: 'Leave this year', kind: 'leave_statistics', filters: { leave_kind: 'leave' }, format: 'xlsx', schedule: 'none' });
    expect(await screen.findByText('Report saved.')).toBeTruthy();
  }, 60_000);
});
