// Every route of the app. Screens are lazy-loaded per feature so the first download holds only
// the shell.
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppShell } from './shell/app-shell';
import { AuthLayout } from './shell/auth-layout';
import { PublicOnly, RequireAuth, RequirePermission, RootRedirect } from './guards';

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterCompanyPage = lazy(() => import('../features/auth/components/register-company-page'));
const RegisterSchoolPage = lazy(() => import('../features/auth/components/register-school-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const ProfilePage = lazy(() => import('../features/account/components/profile-page'));
const AccountSettingsPage = lazy(() => import('../features/account/components/account-settings-page'));
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
const NotFoundPage = lazy(() => import('./not-found'));

const SCHOOL_STAFF = 'view.manage.school.employee';
const COMPANY_STAFF = 'view.manage.company.employee';

/** The active/archived list routes of one kind of person. */
function peopleListRoutes(base: string, kind: 'teacher' | 'staff' | 'employee', permission: string): RouteObject[] {
  const guard = (el: ReactNode) => <RequirePermission permission={permission}>{el}</RequirePermission>;
  return [
    { path: base, element: guard(<PeopleListPage kind={kind} />) },
    { path: `${base}/active`, element: guard(<PeopleListPage kind={kind} />) },
    { path: `${base}/archived`, element: guard(<PeopleListPage kind={kind} archived />) },
  ];
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    element: <AuthLayout />,
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
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/personal/profile', element: <ProfilePage extra={<PersonalSummary />} /> },
          { path: '/personal/account', element: <AccountSettingsPage /> },
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
            path: '/company/department/list',
            element: <RequirePermission permission={COMPANY_STAFF}><DepartmentsPage /></RequirePermission>,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
