import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner } from '../../../test/render-app';
import { getToken } from '../../../lib/session';

describe('login single sign-on', () => {
  it('offers single sign-on only for a domain with a provider, pointing at the start route', async () => {
    const lookups: string[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/auth/sso/lookup') {
        const email = url.searchParams.get('email') ?? '';
        lookups.push(email);
        return { body: { data: { available: email.endsWith('@sekolah.edu.my') } } };
      }
      return undefined;
    });
    await renderApp('/login');
    const field = await screen.findByLabelText('Username (your e-mail address)');
    fireEvent.change(field, { target: { value: 'someone@elsewhere.com' } });
    await waitFor(() => expect(lookups).toContain('someone@elsewhere.com'));
    expect(screen.queryByTestId('login-sso')).toBeNull();

    fireEvent.change(field, { target: { value: 'aminah@sekolah.edu.my' } });
    const offer = await screen.findByTestId('login-sso');
    expect(offer.textContent).toBe("Sign in with your organisation's account");
    expect(offer.getAttribute('href')).toBe('/api/auth/sso/start?email=aminah%40sekolah.edu.my');
  });

  it('says why a single sign-on came back refused', async () => {
    mockFetch(() => undefined);
    await renderApp('/login?sso_error=pending');
    expect((await screen.findByTestId('sso-error')).textContent).toContain('Your account is waiting for an administrator to approve it.');
  });

  it('asks an account with two-factor sign-in for its code after the provider, with the same ticket', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname !== '/api/auth/sso/session') return undefined;
      const body = JSON.parse(String(init?.body));
      if (!body.otp_code) return { status: 401, body: { message: 'code needed', code: 'auth.two_factor_required' } };
      return { body: { data: { ...schoolOwner, access_token: 'tok-sso-2fa', failed_attempts: { count: 0, last_at: null, last_ip: '' } } } };
    });
    localStorage.setItem('language', 'en');
    const { router } = await renderApp('/login/sso?ticket=t1ck3t');
    fireEvent.change(await screen.findByTestId('login-otp'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-otp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('tok-sso-2fa');
    const posts = calls.filter((c) => c.url.pathname === '/api/auth/sso/session').map((c) => JSON.parse(String(c.init?.body)));
    expect(posts).toEqual([{ ticket: 't1ck3t' }, { ticket: 't1ck3t', otp_code: '654321' }]);
  });
});
