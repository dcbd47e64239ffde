// Renders the real route table in a memory router with the app's providers, for tests.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { AppProviders, createQueryClient } from '../app/providers';
import { initI18n, i18n, NAMESPACES } from '../lib/i18n';
import { setUnauthorizedHandler } from '../lib/api-client';
import { saveSession } from '../lib/session';
import type { Session } from '../lib/api-schemas';

export const schoolOwner: Session = {
  access_token: 'tok-1',
  expires_at: '2030-01-01T00:00:00Z',
  name: 'Aisyah',
  email: 'aisyah@example.com',
  user: { id: 1, name: 'Aisyah', email: 'aisyah@example.com', role: 'owner' },
  org: { id: 1, name: 'SK Taman Melati', kind: 'school', timezone: 'Asia/Kuala_Lumpur' },
  roles: ['owner'],
  permissions: ['view.manage.school', 'view.manage.school.employee', 'add.manage.school', 'add.manage.school.employee'],
};

export const companyOwner: Session = {
  ...schoolOwner,
  org: { id: 2, name: 'Acme Sdn Bhd', kind: 'company', timezone: 'Asia/Kuala_Lumpur' },
  permissions: ['view.manage.company', 'view.manage.company.employee', 'add.manage.company', 'add.manage.company.employee'],
};

export function signIn(session: Session = schoolOwner) {
  saveSession(session);
}

export async function renderApp(path: string) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  // The app loads most namespaces and the signed-in shell on demand; a test waits for them
  // here, before its clock for findBy… starts, as it did when they were loaded up front.
  await Promise.all([i18n.loadNamespaces([...NAMESPACES]), import('../app/shell/app-shell')]);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setUnauthorizedHandler(() => void router.navigate('/login', { replace: true }));
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

type Handler = (url: URL, init?: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a router over request paths; unknown paths answer 404. */
export function mockFetch(handler: Handler) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const res = handler(url, init) ?? { status: 404, body: { message: 'not found', code: 'route_not_found' } };
    const status = res.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(res.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
