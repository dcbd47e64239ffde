import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';
import type { Session } from '../../../lib/api-schemas';

function device(id: number, lastSeen: string | null) {
  return {
    id,
    name: `Gate ${id}`,
    model: 'SpeedFace',
    code: `SN000${id}`,
    purchase_date: '2026-01-05',
    enabled: true,
    allowed_ips: '',
    last_seen: lastSeen,
    last_ip: '10.0.0.5',
    firmware: 'Ver 8.0.4',
    info: '',
    enrolled: 2,
    commands_pending: 1,
    commands_failed: 0,
    punches: 7,
  };
}

function devicesApi(session: Session, path: string) {
  const { access_token: _a, expires_at: _e, ...info } = session;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === path) {
      return {
        body: {
          data: [device(1, new Date(Date.now() - 30_000).toISOString()), device(2, '2026-01-01T08:00:00Z'), device(3, null)],
          meta: { pagination: { total: 3, count: 3, per_page: 20, current_page: 1, total_pages: 1 } },
        },
      };
    }
    return undefined;
  });
}

describe('facial devices list', () => {
  it('sends the URL filters with the company page size and shows each state', async () => {
    signIn(companyOwner);
    const calls = devicesApi(companyOwner, '/api/device/facial');
    await renderApp('/device/facial?name=gate&purchase_date=2026-01-05');
    expect(await screen.findByText('Gate 1')).toBeTruthy();
    const q = calls.filter((c) => c.url.pathname === '/api/device/facial').at(-1)!.url.searchParams;
    expect(q.get('page[size]')).toBe('20');
    expect(q.get('filter[name]')).toBe('gate');
    expect(q.get('filter[purchase_date]')).toBe('2026-01-05');

    const states = screen.getAllByTestId('device-state').map((el) => el.getAttribute('data-state'));
    expect(states).toEqual(['online', 'offline', 'never']);
    const row2 = screen.getByText('Gate 2').closest('tr')!;
    expect(within(row2).getByTestId('device-last-seen').textContent).toMatch(/last seen 2026-01-01/);
  });

  it('uses page size 10 for schools', async () => {
    signIn(schoolOwner);
    const calls = devicesApi(schoolOwner, '/api/school/device/facial');
    await renderApp('/school/management/device/facial');
    expect(await screen.findByText('Gate 1')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/school/device/facial')).toBe(true));
    const q = calls.filter((c) => c.url.pathname === '/api/school/device/facial').at(-1)!.url.searchParams;
    expect(q.get('page[size]')).toBe('10');
  });
});
