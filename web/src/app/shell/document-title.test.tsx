import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../test/render-app';
import { i18n } from '../../lib/i18n';

function verifyOk() {
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') {
      const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
      return { body: { data: info } };
    }
    return undefined;
  });
}

describe('document title', () => {
  it('names the screen and its section, and follows the language', async () => {
    signIn();
    verifyOk();
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · Hadir'));
    await router.navigate('/personal/leave');
    await waitFor(() => expect(document.title).toBe('Leave – Personal · Hadir'));
    await i18n.changeLanguage('de');
    await waitFor(() => expect(document.title).toBe('Urlaub – Persönlich · Hadir'));
    await i18n.changeLanguage('en');
  });
});
