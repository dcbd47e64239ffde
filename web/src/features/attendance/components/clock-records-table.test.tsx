import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ClockRecordsTable } from './clock-records-table';
import type { ClockRecord } from '../api/faces';
import { i18n, initI18n } from '../../../lib/i18n';

const rec = (id: number, time: string, extra: Partial<ClockRecord> = {}): ClockRecord => ({
  id,
  time,
  date: '2026-11-19',
  at: `2026-11-19T${time}Z`,
  local_time: `2026-11-19T${time}`,
  source: 'device:3',
  device_id: 3,
  state: 0,
  verify_mode: 15,
  temperature: null,
  mask: null,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('clock records', () => {
  it("shows a thermal terminal's temperature and mask, and no mask column without them", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    await initI18n('en');
    await i18n.changeLanguage('en');
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <ClockRecordsTable
          records={[rec(1, '08:05:00', { temperature: 36.7, mask: true }), rec(2, '17:02:00', { temperature: 37.9, mask: false }), rec(3, '18:00:00')]}
        />
      </I18nextProvider>,
    );
    expect(await screen.findByText('36.7 °C')).toBeTruthy();
    expect(screen.getByText('37.9 °C')).toBeTruthy();
    expect(screen.getAllByText('Mask').length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('clock-mask').map((e) => e.textContent)).toEqual(['Mask worn', 'No mask']);
    unmount();

    render(
      <I18nextProvider i18n={i18n}>
        <ClockRecordsTable records={[rec(1, '08:05:00')]} />
      </I18nextProvider>,
    );
    expect((await screen.findAllByText('Temperature')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Mask')).toHaveLength(0);
    expect(screen.queryByTestId('clock-mask')).toBeNull();
  });
});
