import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';

function unavailable() {
  return { status: 503, body: { message: 'the database is unavailable; please try again shortly', code: 'service.unavailable' } };
}

describe('service unavailable', () => {
  it('shows a translated "try again shortly" message when sign-in answers 503', async () => {
    mockFetch((url) => (url.pathname === '/api/auth/login' ? unavailable() : undefined));
    await renderApp('/login');
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'aisyah@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('The service is unavailable for a moment. Please try again shortly.');

    await i18n.changeLanguage('ms');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toContain('Perkhidmatan tidak tersedia buat seketika'),
    );
    await i18n.changeLanguage('en');
  });

  it('keeps a signed-in user signed in while the server answers 503', async () => {
    signIn(schoolOwner);
    const calls = mockFetch(() => unavailable());
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/verify')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('id_token')).toBe(schoolOwner.access_token);
  });
});
