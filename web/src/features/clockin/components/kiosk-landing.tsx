// /clock/kiosk?code=...: the address in a kiosk's QR code. A signed-in phone goes on to the
// clock page; a signed-out one keeps the code while the member signs in (the home screen
// picks it up), so scanning works from a phone whose session had ended.
import { Navigate, useSearchParams } from 'react-router';
import { getToken } from '../../../lib/session';
import { savePendingCode } from '../api/pending-code';

export default function KioskLanding() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  if (getToken()) return <Navigate to={`/personal/clock?code=${encodeURIComponent(code)}`} replace />;
  if (code) savePendingCode(code);
  return <Navigate to="/login" replace />;
}
