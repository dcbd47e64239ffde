// /dashboard: owners and admins see the organisation's dashboard; members (no view.manage
// permission of their organisation) see their own home screen (issue 11). Right after signing
// in it first honours a kiosk code scanned while signed out.
import { lazy, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/use-session';
import { takePendingCode } from '../features/clockin/api/pending-code';

const MemberHome = lazy(() => import('../features/clockin/components/member-home'));

export function DashboardRoute({ manager }: { manager: ReactNode }) {
  const session = useSession();
  // A kiosk code scanned while signed out (features/clockin/components/kiosk-landing).
  const [pending] = useState(() => takePendingCode());
  if (pending) return <Navigate to={`/personal/clock?code=${encodeURIComponent(pending)}`} replace />;
  const kind = session?.org?.kind;
  const manages = !!kind && !!session?.permissions?.includes(`view.manage.${kind}`);
  return manages ? <>{manager}</> : <MemberHome />;
}
