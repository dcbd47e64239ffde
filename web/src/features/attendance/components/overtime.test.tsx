import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { formatMinutes, OvertimeCell, OvertimeTotals } from './overtime';
import { MonthlyGrid } from './monthly-grid';
import type { RangeRow } from '../api/faces';
import { i18n, initI18n } from '../../../lib/i18n';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

type Day = RangeRow['days'][number];
const day = (date: string, extra: Partial<Day> = {}): Day => ({
  date,
  status: 1,
  late: false,
  early_out: false,
  missing_out: false,
  in_time: '08:00',
  last_seen: '18:45',
  punches: 2,
  manual: false,
  reason: { code: 'present', params: {} },
  overtime_minutes: 0,
  overtime_approved_minutes: 0,
  overtime_needs_approval: false,
  ...extra,
});

async function withI18n(ui: React.ReactElement) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('overtime pieces', () => {
  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('–');
    expect(formatMinutes(undefined)).toBe('–');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(105)).toBe('1:45');
    expect(formatMinutes(600)).toBe('10:00');
  });

  it('shows a day without overtime as a dash, and worked only when no approval is needed', async () => {
    const { unmount } = await withI18n(<OvertimeCell day={day('2026-03-02')} />);
    expect((await screen.findByTestId('overtime-none')).textContent).toBe('–');
    unmount();
    await withI18n(<OvertimeCell day={day('2026-03-02', { overtime_minutes: 105, overtime_approved_minutes: 105 })} />);
    expect((await screen.findByTestId('overtime-worked')).textContent).toBe('1:45');
    expect(screen.queryByTestId('overtime-approved')).toBeNull();
  });

  it('shows the approved part and the request state when approval is needed', async () => {
    await withI18n(
      <OvertimeCell day={day('2026-03-02', { overtime_minutes: 105, overtime_approved_minutes: 60, overtime_needs_approval: true, overtime_state: 'approved' })} />,
    );
    expect((await screen.findByTestId('overtime-approved')).textContent).toBe('approved 1:00');
    expect(screen.getByTestId('overtime-state-approved').textContent).toBe('Approved');
  });

  it('sums a range, and shows nothing for a range without overtime', async () => {
    const { container, unmount } = await withI18n(<OvertimeTotals totals={{ overtime_minutes: 0, overtime_approved_minutes: 0 }} />);
    await waitFor(() => expect(container.textContent).toBe(''));
    unmount();
    await withI18n(<OvertimeTotals totals={{ overtime_minutes: 345, overtime_approved_minutes: 60 }} />);
    expect((await screen.findByTestId('total-overtime')).textContent).toBe('Overtime: 5:45');
    expect(screen.getByTestId('total-overtime-approved').textContent).toBe('Approved overtime: 1:00');
  });

  it('puts worked/approved in the monthly grid', async () => {
    const row: RangeRow = {
      id: 5, kind: 'employee', code: 'E-1', first_name: 'Siti', last_name: '', name: 'Siti', email: '', image_url: '',
      days: [day('2026-03-02', { overtime_minutes: 105, overtime_approved_minutes: 60 })],
      totals: { present: 1, absent: 0, leave: 0, away: 0, holiday: 0, off_day: 0, no_schedule: 0, open: 0, late: 0, early_out: 0, overtime_minutes: 105, overtime_approved_minutes: 60 },
    };
    await withI18n(<MonthlyGrid rows={[row]} dates={['2026-03-02']} onCell={() => {}} pagination={false} />);
    expect((await screen.findByTestId('row-total-E-1-overtime')).textContent).toBe('1:45/1:00');
  });
});

describe('the personal attendance page', () => {
  it('asks for approval of a past day whose overtime needs it, once', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    let state: Day['overtime_state'];
    const month = () => ({
      id: 9, kind: 'employee', code: 'E9', first_name: 'Ravi', last_name: '', name: 'Ravi', email: '', image_url: '',
      days: [day('2020-03-02', { overtime_minutes: 105, overtime_needs_approval: true, overtime_state: state })],
      totals: { present: 1, absent: 0, leave: 0, away: 0, holiday: 0, off_day: 0, open: 0, late: 0, early_out: 0, overtime_minutes: 105, overtime_approved_minutes: 0 },
    });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/school/personal/attendance/monthly') return { body: { data: month() } };
      if (url.pathname === '/api/school/personal/attendance/clock') return { body: { data: { records: [] } } };
      if (url.pathname === '/api/requests/overtime' && init?.method === 'POST') {
        state = 'pending';
        return { status: 201, body: { data: { id: 1, state: 'pending' } } };
      }
      return undefined;
    });
    await renderApp('/personal/attendance?month=2020-03');
    fireEvent.click(await screen.findByTestId('personal-day-2020-03-02', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('overtime-ask'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/requests/overtime');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toEqual({ date: '2020-03-02' });
    });
    // Once asked, the day shows the request waiting and no second button.
    expect((await screen.findByTestId('overtime-state-pending')).textContent).toBe('Waiting for approval');
    expect(screen.queryByTestId('overtime-ask')).toBeNull();
  }, 60_000);

  it('withdraws a pending request of the day after a confirmation, and the day shows it withdrawn', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    let state: Day['overtime_state'] = 'pending';
    const month = () => ({
      id: 9, kind: 'employee', code: 'E9', first_name: 'Ravi', last_name: '', name: 'Ravi', email: '', image_url: '',
      days: [day('2020-03-02', { overtime_minutes: 105, overtime_needs_approval: true, overtime_state: state })],
      totals: { present: 1, absent: 0, leave: 0, away: 0, holiday: 0, off_day: 0, open: 0, late: 0, early_out: 0, overtime_minutes: 105, overtime_approved_minutes: 0 },
    });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/school/personal/attendance/monthly') return { body: { data: month() } };
      if (url.pathname === '/api/school/personal/attendance/clock') return { body: { data: { records: [] } } };
      if (url.pathname === '/api/requests/overtime' && (init?.method ?? 'GET') === 'GET') {
        return { body: { data: [{ id: 41, date: '2020-03-02', state, minutes: 105 }, { id: 40, date: '2020-03-01', state: 'pending', minutes: 30 }] } };
      }
      if (url.pathname === '/api/requests/overtime/41/withdraw' && init?.method === 'POST') {
        state = 'cancelled';
        return { body: { data: { id: 41, date: '2020-03-02', state, minutes: 105 } } };
      }
      return undefined;
    });
    await renderApp('/personal/attendance?month=2020-03');
    fireEvent.click(await screen.findByTestId('personal-day-2020-03-02', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('overtime-withdraw'));
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.url.pathname.endsWith('/withdraw'))).toBe(false);
    fireEvent.click(await screen.findByTestId('overtime-withdraw-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/requests/overtime/41/withdraw')).toHaveLength(1));
    expect((await screen.findByTestId('overtime-state-cancelled')).textContent).toBe('Withdrawn');
    expect(screen.queryByTestId('overtime-withdraw')).toBeNull();
    expect(screen.queryByTestId('overtime-ask')).toBeNull();
  }, 60_000);
});
