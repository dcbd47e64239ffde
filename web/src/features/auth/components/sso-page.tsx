// Where single sign-on lands (/login/sso?ticket=...): the ticket is exchanged once for a
// session, then the dashboard opens. The provider's sign-in does not replace Hadir's own
// second factor: an account with one is asked for its code first.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSsoSession } from '../api/sso';
import { OneTimeSignIn } from './one-time-sign-in';

export default function SsoPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const exchange = useSsoSession();
  return (
    <OneTimeSignIn
      secret={ticket}
      missing={t('errors:auth.sso_failed')}
      title={t('sso.title')}
      signingIn={t('sso.signing_in')}
      testId="sso"
      send={(otp_code, handlers) => exchange.mutate(otp_code ? { ticket, otp_code } : { ticket }, handlers)}
      pending={exchange.isPending}
    />
  );
}
