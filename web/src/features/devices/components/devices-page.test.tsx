import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { companyOwner, renderApp, schoolOwner, signIn } from '../../../test/render-app';
import { devicesApi } from '../../../test/devices-fixtures';

// The page is lazy: load it once before the first render, so that a busy machine's first
// transform of its modules does not count against the first test's wait for its rows.
beforeAll(() => import('./devices-page'), 60_000);

describe('facial devices list', () => {
  it('sends the URL filters with the company page size and shows each state', async () => {
    signIn(companyOwner);
    const calls = devicesApi(companyOwner, '/api/device/facial');
    await renderApp('/device/facial?name=gate&purchase_date=2026-01-05');
    expect(await screen.findByText('Gate 1', {}, { timeout: 30_000 })).toBeTruthy();
    const q = calls.filter((c) => c.url.pathname === '/api/device/facial').at(-1)!.url.searchParams;
    expect(q.get('page[size]')).toBe('20');
    expect(q.get('filter[name]')).toBe('gate');
    expect(q.get('filter[purchase_date]')).toBe('2026-01-05');

    const states = screen.getAllByTestId('device-state').map((el) => el.getAttribute('data-state'));
    expect(states).toEqual(['online', 'offline', 'never', 'offline']);
    const row1 = screen.getByText('Gate 1').closest('tr')!;
    expect(within(row1).getByTestId('device-last-contact').textContent).toBe('last contact 5 minutes ago');
    expect(within(row1).getByTestId('device-row-drift').textContent).toBe('Clock: 90 sec ahead');
    expect(within(row1).getByTestId('device-row-drift').closest('.ant-tag')).toBeTruthy(); // a minute or more off: a warning
    expect(within(row1).getByTestId('device-row-not-sent').textContent).toBe('12 not sent');
    const row2 = screen.getByText('Gate 2').closest('tr')!;
    expect(within(row2).getByTestId('device-last-contact').textContent).toMatch(/^last contact .* ago$/);
    expect(within(row2).queryByTestId('device-row-drift')).toBeNull(); // never measured
    expect(within(row2).queryByTestId('device-row-not-sent')).toBeNull(); // never reported a count
    const row3 = screen.getByText('Gate 3').closest('tr')!;
    expect(within(row3).queryByTestId('device-last-contact')).toBeNull();
    const row4 = screen.getByText('Gate 4').closest('tr')!;
    expect(within(row4).getByTestId('device-row-drift').textContent).toBe('Clock: On time');
    expect(within(row4).getByTestId('device-row-drift').closest('.ant-tag')).toBeNull();
    // Each device's use and protocol generation (issue 14).
    expect(within(row1).getByTestId('device-row-use').textContent).toBe('Attendance · Attendance PUSH (T&A)');
    expect(within(row4).getByTestId('device-row-use').textContent).toBe('Access control · Security PUSH');
  }, 60_000); // the whole app shell renders: slow on a busy machine

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
