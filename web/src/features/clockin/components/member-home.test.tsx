import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';
import type { Session } from '../../../lib/api-schemas';

const member: Session = { ...schoolOwner, name: 'Farah', roles: ['member'], permissions: [] };

function homeApi(allowed: boolean, clock: { status: number; body: unknown }) {
  const { access_token: _a, expires_at: _e, ...info } = member;
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/attendance/home')
      return {
        body: {
          data: {
            date: '2026-11-23',
            kind: 'teacher',
            today: { date: '2026-11-23', status: 1, late: false, early_out: false, missing_out: false, in_time: '07:41', last_seen: '12:02', punches: 2, manual: false },
            web_clock: { allowed, sites: allowed ? [{ id: 1, name: 'Main gate', anywhere: false }] : [] },
            next_holiday: { holiday_id: 3, name: 'Christmas', start: '2026-12-25', end: '2026-12-25', day: 1 },
          },
        },
      };
    if (url.pathname.endsWith('/entitlement'))
      return { body: { data: [{ id: 1, leave_type: 'Annual', unit: 'day', available: 12 }], meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } } } };
    if (url.pathname.endsWith('/application'))
      return { body: { data: [], meta: { pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 0 } } } };
    if (url.pathname === '/api/attendance/web-clock' && init?.method === 'POST') return clock;
    return undefined;
  });
}

function fakeGeolocation(outcome: { coords?: { latitude: number; longitude: number; accuracy: number }; code?: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        outcome.coords ? ok({ coords: outcome.coords } as GeolocationPosition) : fail({ code: outcome.code } as GeolocationPositionError),
    },
  });
}

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('member home', () => {
  it("shows today's punches, balances and the next holiday, and clocks in from the position", async () => {
    signIn(member);
    fakeGeolocation({ coords: { latitude: 3.139, longitude: 101.687, accuracy: 14 } });
    const calls = homeApi(true, {
      status: 201,
      body: { data: { punch: { id: 9, time: '12:05:01', source: 'web' }, site: { id: 1, name: 'Main gate', anywhere: false } } },
    });
    await renderApp('/dashboard');
    expect((await screen.findByTestId('home-first-punch')).textContent).toBe('07:41');
    expect(screen.getByTestId('home-last-punch').textContent).toBe('12:02');
    expect(await screen.findByText('Christmas')).toBeTruthy();
    expect((await screen.findAllByText('12 day(s)')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('web-clock-button'));
    expect((await screen.findByTestId('clock-result')).textContent).toContain('Clocked in at 12:05:01 at Main gate.');
    const sent = calls.find((c) => c.url.pathname === '/api/attendance/web-clock')!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({ latitude: 3.139, longitude: 101.687, accuracy: 14 });
  });

  it("translates the server's refusal", async () => {
    signIn(member);
    fakeGeolocation({ coords: { latitude: 3.2, longitude: 101.687, accuracy: 14 } });
    homeApi(true, { status: 422, body: { message: 'you are outside every site you may clock in at', code: 'attendance.outside_site' } });
    await renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('web-clock-button'));
    expect((await screen.findByTestId('clock-refused')).textContent).toBe('You are outside every site where you may clock in.');
  });

  it('gives instructions when the browser refuses the position, without calling the server', async () => {
    signIn(member);
    fakeGeolocation({ code: 1 });
    const calls = homeApi(true, { status: 201, body: {} });
    await renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('web-clock-button'));
    expect((await screen.findByTestId('clock-position-denied')).textContent).toContain('Set Location to Allow');
    expect(calls.some((c) => c.url.pathname === '/api/attendance/web-clock')).toBe(false);
  });

  it('has no clock-in button when the group may not clock in from the web', async () => {
    signIn(member);
    homeApi(false, { status: 201, body: {} });
    await renderApp('/dashboard');
    await screen.findByTestId('web-clock-off');
    expect(screen.queryByTestId('web-clock-button')).toBeNull();
  });
});

describe('a kiosk code link', () => {
  it('keeps the code through sign-in when the phone is signed out', async () => {
    localStorage.clear();
    sessionStorage.clear();
    mockFetch(() => undefined);
    const { router } = await renderApp('/clock/kiosk?code=k1.1.1.1.sig');
    await screen.findByTestId('login-email');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('hadir.pending_kiosk_code')).toContain('k1.1.1.1.sig');
  });

  it('goes on to the clock page when signed in, which sends the code', async () => {
    signIn(member);
    const { access_token: _a, expires_at: _e, ...info } = member;
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/attendance/kiosk-clock')
        return { status: 422, body: { message: 'this kiosk code has expired', code: 'attendance.kiosk_code_expired' } };
      return undefined;
    });
    const { router } = await renderApp('/clock/kiosk?code=k1.1.1.1.sig');
    expect((await screen.findByTestId('clock-refused')).textContent).toContain('This kiosk code has expired.');
    expect(router.state.location.pathname).toBe('/personal/clock');
    const sent = calls.filter((c) => c.url.pathname === '/api/attendance/kiosk-clock');
    expect(sent.length).toBe(1);
    expect(JSON.parse(String(sent[0].init!.body))).toEqual({ code: 'k1.1.1.1.sig' });
  });
});
