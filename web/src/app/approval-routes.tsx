// The approvals inbox and members' requests (issue 12), spread into routes.tsx; lazy-loaded.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const InboxPage = lazy(() => import('../features/approvals/components/inbox-page'));
const RequestsPage = lazy(() => import('../features/approvals/components/requests-page'));
const TeamPage = lazy(() => import('../features/approvals/components/team-page'));

export const approvalRoutes: RouteObject[] = [
  { path: '/approvals', element: <InboxPage /> },
  { path: '/personal/requests', element: <RequestsPage /> },
  { path: '/personal/team', element: <TeamPage /> },
];
