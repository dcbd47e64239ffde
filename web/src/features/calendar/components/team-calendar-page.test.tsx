import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Session } from '../../../lib/api-schemas';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const member: Session = { ...companyOwner, roles: ['member'], user: { ...companyOwner.user, role: 'member' }, permissions: [] };
const empty = { from: '2026-12-01', to: '2026-12-31', entries: [], holidays: [] };

function render(manages: boolean) {
  signIn(member);
  const { access_token: _a, expires_at: _e, ...info } = member;
  const calls = mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/team') return manages ? { body: { data: [{ id: 7, code: 'E7', name: 'Siti Aminah' }] } } : { status: 403, body: { message: 'forbidden', code: 'forbidden' } };
    if (url.pathname === '/api/calendar') return { body: { data: empty } };
    return undefined;
  });
  return { calls, ready: renderApp('/calendar?date=2026-12-07') };
}

describe('the team calendar', () => {
  it('offers a manager "My team", which asks for their team only', async () => {
    const { calls, ready } = render(true);
    await ready;
    fireEvent.click(await screen.findByTestId('calendar-my-team', {}, { timeout: 15_000 }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/calendar' && c.url.searchParams.get('team') === '1')).toBe(true));
  }, 60_000);

  it('offers no "My team" to somebody who manages nobody', async () => {
    const { calls, ready } = render(false);
    await ready;
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/team')).toBe(true), { timeout: 15_000 });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/calendar')).toBe(true), { timeout: 15_000 });
    expect(screen.queryByTestId('calendar-my-team')).toBeNull();
    expect(calls.some((c) => c.url.searchParams.get('team') === '1')).toBe(false);
  }, 60_000);
});
