import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const defaults = { punches_days: 2557, unknown_pins_days: 90, device_records_days: 180, device_commands_days: 180, notifications_days: 365, access_events_days: 365 };

function retentionApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  let stored: Record<string, number> = { ...defaults };
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/account/retention' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      stored = body;
      return { body: { data: { ...stored, defaults, max_days: 36500 } } };
    }
    if (url.pathname === '/api/account/retention') return { body: { data: { ...stored, defaults, max_days: 36500 } } };
    return undefined;
  });
}

describe('Data retention screen', () => {
  it('shows the periods with their defaults and saves every period', async () => {
    signIn(companyOwner);
    const calls = retentionApi();
    await renderApp('/settings/retention');
    const punches = (await screen.findByTestId('retention-punches_days', {}, { timeout: 30_000 })) as HTMLInputElement;
    await waitFor(() => expect(punches.value).toBe('2557'));
    expect(screen.getByLabelText('Notifications')).toBeTruthy();
    expect(screen.getAllByText('Default (days): 365. 0 keeps for ever.').length).toBe(2); // notifications, access events
    expect(screen.getByLabelText('Door access events of Security PUSH terminals')).toBeTruthy();

    fireEvent.change(screen.getByTestId('retention-notifications_days'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('retention-save'));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ ...defaults, notifications_days: 0 });
  }, 60_000); // the first render loads the shell and the screen lazily, slow on a loaded machine
});
