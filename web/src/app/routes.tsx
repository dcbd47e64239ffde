// Every route of the app. Screens are lazy-loaded per feature so the first download holds only
// the shell.
import { lazy, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { PublicLayout } from './public-layout';
import { PublicOnly, RequireAuth, RequirePermission, RootRedirect } from './guards';
import { leaveRoutes } from './leave-routes';
import { deviceRoutes } from './device-routes';
import { clockinRoutes, KioskLanding, KioskScreen } from './clockin-routes';
import { rosterRoutes } from './roster-routes';
import { approvalRoutes } from './approval-routes';
import { DashboardRoute } from './dashboard-route';
import { RouteError } from './route-error';

// The signed-in shell (menu, header, drawer) is not needed by the sign-in pages.
const AppShell = lazy(() => import('./shell/app-shell'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterCompanyPage = lazy(() => import('../features/auth/components/register-company-page'));
const RegisterSchoolPage = lazy(() => import('../features/auth/components/register-school-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const LoginLinkPage = lazy(() => import('../features/auth/components/login-link-page'));
const SsoPage = lazy(() => import('../features/auth/components/sso-page'));
const TermsPage = lazy(() => import('../features/auth/components/terms-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const ProfilePage = lazy(() => import('../features/account/components/profile-page'));
const AccountSettingsPage = lazy(() => import('../features/account/components/account-settings-page'));
const TeamCalendarPage = lazy(() => import('../features/calendar/components/team-calendar-page'));
const NotificationsPage = lazy(() => import('../features/notifications/components/notifications-page'));
const CompanyProfilePage = lazy(() => import('../features/company/components/company-profile-page'));
const CompanyRegisterPage = lazy(() => import('../features/company/components/company-register-page'));
const PositionsPage = lazy(() => import('../features/company/components/positions-page'));
const SchoolProfilePage = lazy(() => import('../features/school/components/school-profile-page'));
const PeopleListPage = lazy(() => import('../features/people/components/people-list-page'));
const RolesPage = lazy(() => import('../features/people/components/roles-page'));
const DepartmentsPage = lazy(() => import('../features/people/components/departments-page'));
const PersonalSummary = lazy(() => import('../features/people/components/personal-summary'));
const VerificationPage = lazy(() => import('../features/verification/components/verification-page'));
const VerificationRegisterPage = lazy(() => import('../features/verification/components/verification-register-page'));
const VerificationLoginPage = lazy(() => import('../features/verification/components/verification-login-page'));
const UnqualifiedPage = lazy(() => import('../features/verification/components/unqualified-page'));
const GroupsPage = lazy(() => import('../features/groups/components/groups-page'));
const HolidaysPage = lazy(() => import('../features/holidays/components/holidays-page'));
const AttendancePage = lazy(() => import('../features/attendance/components/attendance-page'));
const PersonalAttendancePage = lazy(() => import('../features/attendance/components/personal-attendance-page'));
const NotFoundPage = lazy(() => import('./not-found'));

const SCHOOL_STAFF = 'view.manage.school.employee';
const COMPANY_STAFF = 'view.manage.company.employee';
const SCHOOL = 'view.manage.school';
const COMPANY = 'view.manage.company';

/** The active/archived list routes of one kind of person. */
function peopleListRoutes(base: string, kind: 'teacher' | 'staff' | 'employee', permission: string): RouteObject[] {
  const guard = (el: ReactNode) => <RequirePermission permission={permission}>{el}</RequirePermission>;
  return [
    { path: base, element: guard(<PeopleListPage kind={kind} />) },
    { path: `${base}/active`, element: guard(<PeopleListPage kind={kind} />) },
    { path: `${base}/archived`, element: guard(<PeopleListPage kind={kind} archived />) },
  ];
}

/** The daily, monthly and yearly views of one kind's attendance, and the spec's export aliases. */
function attendanceRoutes(base: string, kind: 'teacher' | 'staff' | 'employee', permission: string, exportAliases: [string, string][]): RouteObject[] {
  const guard = (el: ReactNode) => <RequirePermission permission={permission}>{el}</RequirePermission>;
  return [
    { path: base, element: guard(<AttendancePage kind={kind} view="daily" />) },
    { path: `${base}/daily`, element: guard(<AttendancePage kind={kind} view="daily" />) },
    { path: `${base}/monthly`, element: guard(<AttendancePage kind={kind} view="monthly" />) },
    { path: `${base}/monthly/individual`, element: guard(<AttendancePage kind={kind} view="monthly-individual" />) },
    { path: `${base}/yearly`, element: guard(<AttendancePage kind={kind} view="yearly" />) },
    { path: `${base}/yearly/individual`, element: guard(<AttendancePage kind={kind} view="yearly-individual" />) },
    { path: `${base}/payroll`, element: guard(<AttendancePage kind={kind} view="payroll" />) },
    ...exportAliases.map(([from, to]) => ({ path: `${base}/${from}`, element: <Navigate to={`${base}/${to}`} replace /> })),
  ];
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  // The kiosk tablet: no account, no shell; known by the secret in its URL.
  { path: '/kiosk/:secret', element: <KioskScreen /> },
  { path: '/clock/kiosk', element: <KioskLanding /> },
  {
    element: <PublicLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterCompanyPage /> },
          { path: '/register/school', element: <RegisterSchoolPage /> },
          { path: '/forgot/password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: '/auth/password/reset', element: <ResetPasswordPage /> },
      { path: '/auth/login/link', element: <LoginLinkPage /> },
      { path: '/login/sso', element: <SsoPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/verification/employee', element: <VerificationPage /> },
      { path: '/verification/employee/register', element: <VerificationRegisterPage /> },
      { path: '/verification/employee/login', element: <VerificationLoginPage /> },
      { path: '/verification/employee/unqualified', element: <UnqualifiedPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        // A pathless layer whose error page shows inside the shell, so the menu stays usable.
        children: [{ errorElement: <RouteError />, children: [
          { path: '/dashboard', element: <DashboardRoute manager={<DashboardPage />} /> },
          { path: '/personal/profile', element: <ProfilePage extra={<PersonalSummary />} /> },
          { path: '/personal/account', element: <AccountSettingsPage /> },
          { path: '/personal/notifications', element: <NotificationsPage /> },
          { path: '/calendar', element: <TeamCalendarPage /> },
          {
            path: '/settings/company',
            element: <RequirePermission permission="view.manage.company"><CompanyProfilePage /></RequirePermission>,
          },
          {
            path: '/settings/company/register',
            element: <RequirePermission permission="view.manage.company"><CompanyRegisterPage /></RequirePermission>,
          },
          {
            path: '/settings/company/positions',
            element: <RequirePermission permission="view.manage.company"><PositionsPage /></RequirePermission>,
          },
          {
            path: '/school/management',
            element: <RequirePermission permission="view.manage.school"><SchoolProfilePage /></RequirePermission>,
          },
          ...peopleListRoutes('/school/teacher/list', 'teacher', SCHOOL_STAFF),
          ...peopleListRoutes('/school/staff/list', 'staff', SCHOOL_STAFF),
          ...peopleListRoutes('/company/employee/list', 'employee', COMPANY_STAFF),
          {
            path: '/school/teacher/role',
            element: <RequirePermission permission={SCHOOL_STAFF}><RolesPage kind="teacher" /></RequirePermission>,
          },
          {
            path: '/school/staff/role',
            element: <RequirePermission permission={SCHOOL_STAFF}><RolesPage kind="staff" /></RequirePermission>,
          },
          {
            path: '/company/employee/role',
            element: <RequirePermission permission={COMPANY_STAFF}><RolesPage kind="employee" /></RequirePermission>,
          },
          {
            path: '/company/department/list',
            element: <RequirePermission permission={COMPANY_STAFF}><DepartmentsPage /></RequirePermission>,
          },
          { path: '/personal/attendance', element: <PersonalAttendancePage /> },
          {
            path: '/school/teacher/group',
            element: <RequirePermission permission={SCHOOL}><GroupsPage kind="teacher" /></RequirePermission>,
          },
          {
            path: '/school/staff/group',
            element: <RequirePermission permission={SCHOOL}><GroupsPage kind="staff" /></RequirePermission>,
          },
          {
            path: '/company/employee/group',
            element: <RequirePermission permission={COMPANY}><GroupsPage kind="employee" /></RequirePermission>,
          },
          {
            path: '/school/management/holiday',
            element: <RequirePermission permission={SCHOOL}><HolidaysPage kind="school" /></RequirePermission>,
          },
          {
            path: '/settings/holiday',
            element: <RequirePermission permission={COMPANY}><HolidaysPage kind="company" /></RequirePermission>,
          },
          ...attendanceRoutes('/school/management/attendance/teacher', 'teacher', SCHOOL, [
            ['export', 'monthly'],
            ['export/monthly', 'monthly'],
            ['export/yearly', 'yearly'],
          ]),
          ...attendanceRoutes('/school/management/attendance/staff', 'staff', SCHOOL, [
            ['export', 'monthly'],
            ['export/monthly', 'monthly'],
            ['export/yearly', 'yearly'],
          ]),
          ...attendanceRoutes('/company/employee/attendance', 'employee', COMPANY, []),
          ...leaveRoutes,
          ...deviceRoutes,
          ...clockinRoutes,
          ...rosterRoutes,
          ...approvalRoutes,
          { path: '*', element: <NotFoundPage /> },
        ] }],
      },
    ],
  },
].map((r) => ({ ...r, errorElement: <RouteError /> }));
