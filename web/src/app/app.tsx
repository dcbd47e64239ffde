import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { routePaths } from './route-paths';
import { AppProviders, createQueryClient } from './providers';
import { AppUpdates } from './app-updates';
import { setUnauthorizedHandler } from '../lib/api-client';
import { watchScrollers } from '../lib/focusable-scrollers';
import { watchModalFocus } from '../lib/modal-focus-trap';

// The end-to-end tests walk every path of the route table (e2e/phone.test.mjs); the paths
// are in the bundle anyway, so exposing the list reveals nothing.
(window as unknown as { __hadirRoutePaths: () => string[] }).__hadirRoutePaths = () => routePaths(routes);

/** The whole app: providers around the browser router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createBrowserRouter(routes);
    setUnauthorizedHandler(() => {
      queryClient.clear();
      if (r.state.location.pathname !== '/login') void r.navigate('/login', { replace: true });
    });
    return r;
  });
  useEffect(watchScrollers, []);
  useEffect(watchModalFocus, []);
  return (
    <AppProviders queryClient={queryClient}>
      <AppUpdates />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
