// Rosters and rotations (issue 13), spread into routes.tsx; screens are lazy-loaded and serve
// both kinds of organisation.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireOrgManager } from './device-routes';

const RosterPage = lazy(() => import('../features/roster/components/roster-page'));
const PatternsPage = lazy(() => import('../features/roster/components/patterns-page'));

export const rosterRoutes: RouteObject[] = [
  { path: '/attendance/roster', element: <RequireOrgManager><RosterPage /></RequireOrgManager> },
  { path: '/attendance/patterns', element: <RequireOrgManager><PatternsPage /></RequireOrgManager> },
];
