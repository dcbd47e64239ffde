import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { companyOwner, renderApp, signIn } from '../../../test/render-app';
import { NARROW_QUERY } from '../../../lib/use-narrow-screen';
import { devicesApi } from '../../../test/devices-fixtures';

beforeAll(() => import('./devices-page'), 60_000);
afterEach(() => vi.unstubAllGlobals());

describe('facial devices list on a phone', () => {
  it('shows the health on the phone cards too, with the whole backlog', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === NARROW_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    signIn(companyOwner);
    devicesApi(companyOwner, '/api/device/facial');
    await renderApp('/device/facial');
    expect(await screen.findByText('Gate 1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(document.querySelector('table')).toBeNull(); // cards, not a table
    const backlogs = screen.getAllByTestId('device-row-backlog').map((el) => el.textContent);
    expect(backlogs).toEqual(['3 commands · 12 punches', '0 commands · — punches', '0 commands · — punches', '0 commands · — punches']);
    expect(screen.getAllByTestId('device-row-drift').map((el) => el.textContent)).toEqual(['Clock: 90 sec ahead', 'Clock: On time']);
    expect(screen.getAllByTestId('device-row-use').map((el) => el.textContent)).toEqual([
      'Attendance · Attendance PUSH (T&A)',
      'Attendance · Attendance PUSH (T&A)',
      'Attendance · Attendance PUSH (T&A)',
      'Access control · Security PUSH',
    ]);
    expect(screen.getAllByTestId('device-last-contact')).toHaveLength(3);
  });

});
