import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner } from '../../../test/render-app';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';

const lockedBody = {
  message: 'this account is locked after too many failed sign-in attempts',
  code: 'auth.locked',
};

describe('sign-in lockout without denial', () => {
  it('explains a locked account and a busy server in the chosen language', async () => {
    let answer = { status: 429, body: lockedBody as unknown };
    mockFetch((url) => (url.pathname === '/api/auth/login' ? answer : undefined));
    localStorage.setItem('language', 'fr');
    await renderApp('/login');
    await i18n.changeLanguage('fr');
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('lien de connexion à usage unique');
    answer = { status: 429, body: { message: 'busy', code: 'auth.busy' } };
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toContain('Le serveur est occupé'));
  });

  it('signs in with the e-mailed link once and tells of the failed attempts', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/auth/login/link') {
        return { body: { data: { ...schoolOwner, access_token: 'tok-link', failed_attempts: { count: 7, last_at: '2026-11-22T10:00:00Z', last_ip: '203.0.113.9' } } } };
      }
      return undefined;
    });
    localStorage.setItem('language', 'en');
    const { router } = await renderApp('/auth/login/link?token=abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('tok-link');
    const posts = calls.filter((c) => c.url.pathname === '/api/auth/login/link');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0].init?.body))).toEqual({ token: 'abc123' });
    expect(await screen.findByText(/there were 7 failed sign-in attempts on your account/)).toBeTruthy();
    expect(screen.getByText(/from 203\.0\.113\.9/)).toBeTruthy();
  });

  it('says when the link is used or expired', async () => {
    mockFetch((url) =>
      url.pathname === '/api/auth/login/link'
        ? { status: 422, body: { message: 'invalid', code: 'auth.login_link_invalid', errors: { token: ['invalid'] }, details: { token: [{ code: 'auth.login_link_invalid' }] } } }
        : undefined,
    );
    localStorage.setItem('language', 'en');
    await renderApp('/auth/login/link?token=used');
    expect((await screen.findByTestId('login-link-error')).textContent).toContain('already used or has expired');
  });

  it('asks an account with two-factor sign-in for a code and sends it with the same link', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname !== '/api/auth/login/link') return undefined;
      const body = JSON.parse(String(init?.body));
      if (!body.otp_code) return { status: 401, body: { message: 'code needed', code: 'auth.two_factor_required' } };
      return { body: { data: { ...schoolOwner, access_token: 'tok-link-2fa', failed_attempts: { count: 0, last_at: null, last_ip: '' } } } };
    });
    localStorage.setItem('language', 'en');
    const { router } = await renderApp('/auth/login/link?token=abc2fa');
    fireEvent.change(await screen.findByTestId('login-otp'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('login-otp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('tok-link-2fa');
    const posts = calls.filter((c) => c.url.pathname === '/api/auth/login/link').map((c) => JSON.parse(String(c.init?.body)));
    expect(posts).toEqual([{ token: 'abc2fa' }, { token: 'abc2fa', otp_code: '123456' }]);
  });
});
