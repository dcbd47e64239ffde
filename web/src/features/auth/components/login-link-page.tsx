// The page of the one-time sign-in link e-mailed for a locked account: it uses the token once
// and signs the user in; an account with two-factor sign-in is asked for a code first.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLoginWithLink } from '../api/login-link';
import { OneTimeSignIn } from './one-time-sign-in';

export default function LoginLinkPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useLoginWithLink();
  return (
    <OneTimeSignIn
      secret={token}
      missing={t('errors:auth.login_link_invalid')}
      title={t('login_link.title')}
      signingIn={t('login_link.signing_in')}
      testId="login-link"
      send={(otp_code, handlers) => signIn.mutate(otp_code ? { token, otp_code } : { token }, handlers)}
      pending={signIn.isPending}
    />
  );
}
