import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../test/render-app';
import type { Session } from '../lib/api-schemas';

const noAccount = { status: 422, body: { message: 'this person has not created an account yet', code: 'people.no_account' } };

/** An API where the signed-in account has no person record. */
function unlinkedApi(session: Session) {
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') {
      const { access_token: _a, expires_at: _e, ...info } = session;
      return { body: { data: info } };
    }
    if (url.pathname.startsWith('/api/school/personal/profile/summary')) {
      return { body: { data: { person: null, org: session.org } } };
    }
    if (url.pathname.startsWith('/api/school/personal/')) return noAccount;
    return { body: { data: [], meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } } } };
  });
}

describe('the personal area of an account with no person record', () => {
  for (const [path, name] of [
    ['/personal/leave/entitlement', 'leave entitlements'],
    ['/personal/leave/application', 'leave applications'],
    ['/personal/away/application', 'away applications'],
    ['/personal/attendance', 'attendance'],
    ['/personal/profile', 'profile'],
  ] as const) {
    it(`explains it on ${name} instead of an error, with a link to the people screen for an owner`, async () => {
      signIn(companyOwner);
      unlinkedApi(companyOwner);
      const { router } = await renderApp(path);
      expect(await screen.findByText('Your account is not linked to a person record')).toBeTruthy();
      expect(screen.queryByText('This person has no user account yet.')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(/invitation/)).toBeNull();
      fireEvent.click(screen.getByTestId('not-linked-people'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/company/employee/list'));
    });
  }

  it('sends a school owner to the teacher list', async () => {
    signIn(schoolOwner);
    unlinkedApi(schoolOwner);
    const { router } = await renderApp('/personal/away/entitlement');
    fireEvent.click(await screen.findByTestId('not-linked-people'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/school/teacher/list'));
  });

  it('tells a member without the people screens to ask for a verification code, with no link', async () => {
    const member: Session = { ...schoolOwner, roles: ['member'], permissions: [] };
    signIn(member);
    unlinkedApi(member);
    await renderApp('/personal/leave/application');
    expect(await screen.findByText(/Ask your administrator for a verification code/)).toBeTruthy();
    expect(screen.queryByTestId('not-linked-people')).toBeNull();
  });
});
