import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../../test/render-app';
import type { Session } from '../../lib/api-schemas';

function verifyAs(session: Session) {
  const { access_token: _a, expires_at: _e, ...info } = session;
  mockFetch((url) => (url.pathname === '/api/verify' ? { body: { data: info } } : undefined));
}

describe('sidebar', () => {
  it('follows the language switcher', async () => {
    signIn(schoolOwner);
    verifyAs(schoolOwner);
    await renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByText('Dashboard')).toBeTruthy();

    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByTestId('language-option-ms'));
    await waitFor(() => expect(within(sidebar).getByText('Papan pemuka')).toBeTruthy());
    expect(localStorage.getItem('language')).toBe('ms');

    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByTestId('language-option-jp'));
    await waitFor(() => expect(within(sidebar).getByText('ダッシュボード')).toBeTruthy());
  });

  it('shows the school management section only to schools with the permission', async () => {
    signIn(schoolOwner);
    verifyAs(schoolOwner);
    await renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).queryByTestId('menu-management')).toBeTruthy();
    expect(within(sidebar).queryByTestId('menu-settings')).toBeNull();
  });

  it('shows the company settings section to company owners', async () => {
    signIn(companyOwner);
    verifyAs(companyOwner);
    await renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).queryByTestId('menu-settings')).toBeTruthy();
    expect(within(sidebar).queryByTestId('menu-management')).toBeNull();
  });

  it('keeps the collapsed state in a cookie', async () => {
    signIn(schoolOwner);
    verifyAs(schoolOwner);
    await renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('sidebar-toggle'));
    await waitFor(() => expect(document.cookie).toContain('sidebar_collapsed=1'));
  });
});
