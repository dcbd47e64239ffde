import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp } from '../../../test/render-app';

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
});
