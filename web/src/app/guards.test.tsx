import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../test/render-app';

function verifyOk() {
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') {
      const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
      return { body: { data: info } };
    }
    return undefined;
  });
}

describe('route guard', () => {
  it('sends a visitor without a token to /login', async () => {
    mockFetch(() => undefined);
    const { router } = await renderApp('/personal/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('sends a signed-in user from / to /dashboard and refreshes the session', async () => {
    signIn();
    const calls = verifyOk();
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('dashboard-welcome')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/verify')).toBe(true));
  });

  it('goes to /login when the token was removed before navigating', async () => {
    signIn();
    verifyOk();
    const { router } = await renderApp('/dashboard');
    await screen.findByTestId('dashboard-welcome');
    localStorage.removeItem('id_token');
    await router.navigate('/personal/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs out on a 401 from /api/verify', async () => {
    signIn();
    mockFetch(() => ({ status: 401, body: { message: 'unauthenticated', code: 'auth.unauthenticated' } }));
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('id_token')).toBeNull();
  });

  it('shows the 404 page for an unknown route inside the app', async () => {
    signIn();
    verifyOk();
    await renderApp('/no/such/screen');
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('shows a translated no-access page to a member who opens an admin URL, at that URL', async () => {
    const member = { ...companyOwner, roles: ['member'], user: { ...companyOwner.user, role: 'member' as const }, permissions: [] };
    signIn(member);
    mockFetch((url) => {
      if (url.pathname === '/api/verify') {
        const { access_token: _a, expires_at: _e, ...info } = member;
        return { body: { data: info } };
      }
      return undefined;
    });
    const { router } = await renderApp('/company/employee/role');
    expect(await screen.findByTestId('no-access-title')).toBeTruthy();
    expect(screen.getByText('No access')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/company/employee/role');
  });
});
