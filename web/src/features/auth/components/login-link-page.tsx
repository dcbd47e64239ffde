// The page of the one-time sign-in link e-mailed for a locked account: it uses the token once
// and signs the user in; an account with two-factor sign-in is asked for a code first.
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLoginWithLink } from '../api/login-link';
import { translateApiError } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { CodeStep } from './code-step';
import { useFailedAttemptsNotice } from './failed-attempts-notice';

export default function LoginLinkPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const signIn = useLoginWithLink();
  const showFailedAttempts = useFailedAttemptsNotice();
  const [error, setError] = useState<string | null>(token ? null : t('errors:auth.login_link_invalid'));
  const used = useRef(false);
  const [needCode, setNeedCode] = useState(false);

  useEffect(() => {
    // The token works once: never send it twice (React may run effects twice in development).
    if (!token || used.current) return;
    used.current = true;
    signIn.mutate(
      { token },
      {
        onSuccess: (session) => {
          showFailedAttempts(session);
          navigate('/dashboard', { replace: true });
        },
        onError: (e) => {
          // The link was left unused: the code comes with it in the next request.
          if (e instanceof ApiError && e.code === 'auth.two_factor_required') setNeedCode(true);
          else setError(translateApiError(t, e));
        },
      },
    );
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps

  if (needCode)
    return (
      <CodeStep
        send={(otp_code, handlers) => signIn.mutate({ token, otp_code }, handlers)}
        pending={signIn.isPending}
        onBack={() => navigate('/login')}
      />
    );

  return (
    <>
      <Typography.Title level={3}>{t('login_link.title')}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="login-link-error" />
      ) : (
        <Spin description={t('login_link.signing_in')} data-testid="login-link-pending">
          <div style={{ minHeight: 48 }} />
        </Spin>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </>
  );
}
