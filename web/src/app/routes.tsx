// Every route of the app. Screens are lazy-loaded per feature so the first download holds only
// the shell.
import { lazy } from 'react';
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
const NotFoundPage = lazy(() => import('./not-found'));

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
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/personal/profile', element: <ProfilePage /> },
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
