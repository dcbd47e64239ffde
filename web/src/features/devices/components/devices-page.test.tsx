import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';
import type { Session } from '../../../lib/api-schemas';

function device(id: number, lastSeen: string | null, health: Partial<Record<string, unknown>> = {}) {
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
    health: 'unknown',
    health_changed_at: null,
    poll_interval: 10,
    clock_drift: null,
    backlog_commands: 0,
    backlog_punches: null,
    ...health,
  };
}

function devicesApi(session: Session, path: string) {
  const { access_token: _a, expires_at: _e, ...info } = session;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === path) {
      return {
        body: {
          data: [
            device(1, new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(), { health: 'online', clock_drift: 90, backlog_commands: 3, backlog_punches: 12 }),
            device(2, '2026-01-01T08:00:00Z'),
            device(3, null),
            // The server's judgement wins over the browser's two-minute rule.
            device(4, new Date(Date.now() - 50_000).toISOString(), { health: 'offline', clock_drift: -1 }),
          ],
          meta: { pagination: { total: 4, count: 4, per_page: 20, current_page: 1, total_pages: 1 } },
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
    expect(states).toEqual(['online', 'offline', 'never', 'offline']);
    const row1 = screen.getByText('Gate 1').closest('tr')!;
    expect(within(row1).getByTestId('device-last-contact').textContent).toBe('last contact 5 minutes ago');
    expect(within(row1).getByTestId('device-row-drift').textContent).toBe('90 sec ahead');
    expect(within(row1).getByTestId('device-row-drift').closest('.ant-tag')).toBeTruthy(); // a minute or more off: a warning
    expect(within(row1).getByTestId('device-row-backlog').textContent).toBe('3 commands · 12 punches');
    const row2 = screen.getByText('Gate 2').closest('tr')!;
    expect(within(row2).getByTestId('device-last-contact').textContent).toMatch(/^last contact .* ago$/);
    expect(within(row2).getByTestId('device-row-drift').textContent).toBe('—');
    expect(within(row2).getByTestId('device-row-backlog').textContent).toBe('0 commands · — punches');
    const row3 = screen.getByText('Gate 3').closest('tr')!;
    expect(within(row3).queryByTestId('device-last-contact')).toBeNull();
    const row4 = screen.getByText('Gate 4').closest('tr')!;
    expect(within(row4).getByTestId('device-row-drift').textContent).toBe('On time');
    expect(within(row4).getByTestId('device-row-drift').closest('.ant-tag')).toBeNull();
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
