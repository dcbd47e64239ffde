// The facial device and beacon routes of spec §2, spread into routes.tsx; screens are
// lazy-loaded. Beacons serve both kinds of organisation at /device/beacon.
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from './guards';
import { useSession } from '../lib/use-session';

const DevicesPage = lazy(() => import('../features/devices/components/devices-page'));
const BeaconsPage = lazy(() => import('../features/devices/components/beacons-page'));

/** view.manage.school or view.manage.company, by the signed-in organisation's kind. */
export function RequireOrgManager({ children }: { children: ReactNode }) {
  const session = useSession();
  const kind = session?.org?.kind;
  if (kind !== 'school' && kind !== 'company') return <Navigate to="/dashboard" replace />;
  return <RequirePermission permission={`view.manage.${kind}`}>{children}</RequirePermission>;
}

export const deviceRoutes: RouteObject[] = [
  {
    path: '/device/facial',
    element: <RequirePermission permission="view.manage.company"><DevicesPage key="company" org="company" /></RequirePermission>,
  },
  {
    path: '/school/management/device/facial',
    element: <RequirePermission permission="view.manage.school"><DevicesPage key="school" org="school" /></RequirePermission>,
  },
  { path: '/device/beacon', element: <RequireOrgManager><BeaconsPage /></RequireOrgManager> },
];
