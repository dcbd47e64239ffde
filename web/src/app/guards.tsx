// Route guards: the token in localStorage decides, read on every navigation so that a token
// removed by hand (or by another tab) sends the user to /login on the next move.
import { Navigate, Outlet, useLocation } from 'react-router';
import { getSession, getToken } from '../lib/session';

/** Where an owner or admin sets up two-factor sign-in when their organisation requires it. */
export const TWO_FACTOR_SETUP_PATH = '/personal/account';
import { useSession } from '../lib/use-session';
import { useVerifySession } from '../features/auth/api/verify';
import { NoAccessPage } from './no-access';

export function RequireAuth() {
  const location = useLocation();
  useSession();
  const token = getToken();
  useVerifySession(!!token);
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // The organisation requires two-factor sign-in of this owner or admin: the server answers
  // nothing else until they enrol, so the account page is the only place to be.
  if (getSession()?.two_factor_setup_required && location.pathname !== TWO_FACTOR_SETUP_PATH) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }
  return <Outlet />;
}

/** Public pages (login, register): a signed-in user goes to the dashboard. */
export function PublicOnly() {
  useLocation();
  useSession();
  if (getToken()) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

export function RootRedirect() {
  return <Navigate to={getToken() ? '/dashboard' : '/login'} replace />;
}

/** Hides a screen from users without the permission (the server enforces it too): they see a
 * translated "no access" page at the URL they opened, never a silent move to the dashboard. */
export function RequirePermission({ permission, children }: { permission: string; children: React.ReactNode }) {
  const session = useSession();
  if (!session?.permissions?.includes(permission)) return <NoAccessPage />;
  return <>{children}</>;
}
