import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { AppProviders, createQueryClient } from './providers';
import { setUnauthorizedHandler } from '../lib/api-client';

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
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
