// Every leave and away route of spec §2 (company, school, personal), spread into routes.tsx;
// screens are lazy-loaded per feature.
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from './guards';
import type { LeaveKind } from '../features/leave/api/faces';

const LeaveTypesPage = lazy(() => import('../features/leave/components/leave-types-page'));
const EntitlementPage = lazy(() => import('../features/leave/components/entitlement-page'));
const ApplicationsPage = lazy(() => import('../features/leave/components/applications-page'));
const AssignmentPage = lazy(() => import('../features/leave/components/assignment-page'));
const StatisticsPage = lazy(() => import('../features/leave/components/statistics-page'));
const PersonalLeavePage = lazy(() => import('../features/leave/components/personal-leave-page'));

const SCHOOL = 'view.manage.school';
const COMPANY = 'view.manage.company';

const school = (el: ReactNode) => <RequirePermission permission={SCHOOL}>{el}</RequirePermission>;
const company = (el: ReactNode) => <RequirePermission permission={COMPANY}>{el}</RequirePermission>;
const PEOPLE = ['teacher', 'staff'] as const;

function schoolRoutes(kind: LeaveKind): RouteObject[] {
  const b = `/school/${kind}`;
  const routes: RouteObject[] = [
    { path: `${b}/detail`, element: school(<LeaveTypesPage org="school" kind={kind} />) },
    { path: `${b}/entitlement`, element: <Navigate to={`${b}/entitlement/teacher`} replace /> },
    { path: `${b}/assignment`, element: <Navigate to={`${b}/assignment/teacher`} replace /> },
    { path: `${b}/application`, element: <Navigate to={`${b}/application/teacher`} replace /> },
  ];
  for (const p of PEOPLE) {
    routes.push(
      { path: `${b}/entitlement/${p}`, element: school(<EntitlementPage key={`${kind}-${p}`} kind={kind} personKind={p} />) },
      { path: `${b}/${p}/entitlement`, element: school(<EntitlementPage key={`${kind}-${p}`} kind={kind} personKind={p} />) },
      { path: `${b}/assignment/${p}`, element: school(<AssignmentPage key={`${kind}-${p}`} kind={kind} personKind={p} />) },
      { path: `${b}/${p}/assignment`, element: school(<AssignmentPage key={`${kind}-${p}`} kind={kind} personKind={p} />) },
      { path: `${b}/application/${p}`, element: school(<ApplicationsPage key={`${kind}-${p}`} kind={kind} personKind={p} />) },
    );
  }
  return routes;
}

function personalRoutes(kind: LeaveKind): RouteObject[] {
  const b = `/personal/${kind}`;
  return [
    { path: b, element: <Navigate to={`${b}/entitlement`} replace /> },
    { path: `${b}/entitlement`, element: <PersonalLeavePage key={`${kind}-e`} kind={kind} tab="entitlement" /> },
    { path: `${b}/application`, element: <PersonalLeavePage key={`${kind}-a`} kind={kind} tab="application" /> },
  ];
}

function companyRoutes(kind: LeaveKind): RouteObject[] {
  const b = `/company/${kind}`;
  return [
    { path: `${b}/details`, element: company(<LeaveTypesPage key={kind} org="company" kind={kind} />) },
    { path: `${b}/entitlement`, element: company(<EntitlementPage key={kind} kind={kind} personKind="employee" />) },
    { path: `${b}/entitlement/employee`, element: company(<EntitlementPage key={kind} kind={kind} personKind="employee" />) },
    { path: `/company/components/${kind}/entitlement/employee`, element: company(<EntitlementPage key={kind} kind={kind} personKind="employee" />) },
    { path: `${b}/assignment`, element: company(<AssignmentPage key={kind} kind={kind} personKind="employee" />) },
    { path: `${b}/application`, element: company(<ApplicationsPage key={kind} kind={kind} personKind="employee" />) },
    { path: `${b}/statistics`, element: company(<StatisticsPage key={kind} kind={kind} />) },
  ];
}

export const leaveRoutes: RouteObject[] = [
  ...companyRoutes('leave'),
  ...companyRoutes('away'),
  ...schoolRoutes('leave'),
  ...schoolRoutes('away'),
  ...personalRoutes('leave'),
  ...personalRoutes('away'),
];
