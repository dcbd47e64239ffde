// The page of the one-time sign-in link e-mailed for a locked account: it uses the token once
// and signs the user in.
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLoginWithLink } from '../api/login-link';
import { translateApiError } from '../../../lib/form-errors';
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

  useEffect(() => {
    // The token works once: never send it twice (React may run effects twice in development).
    if (!token || used.current) return;
    used.current = true;
    signIn.mutate(token, {
      onSuccess: (session) => {
        showFailedAttempts(session);
        navigate('/dashboard', { replace: true });
      },
      onError: (e) => setError(translateApiError(t, e)),
    });
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps

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
