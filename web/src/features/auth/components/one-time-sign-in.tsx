// The pages that sign in with a one-time secret from their URL: the e-mailed link of a locked
// account (/auth/login/link?token=) and the single sign-on ticket (/login/sso?ticket=). The
// secret is sent once; an account with two-factor sign-in is asked for its code, which goes
// with the same secret (the server leaves it unused until a code comes).
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { translateApiError } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import type { Session } from '../../../lib/api-schemas';
import { CodeStep } from './code-step';
import { useFailedAttemptsNotice } from './failed-attempts-notice';

type Send = (
  otpCode: string | undefined,
  handlers: { onSuccess: (session: Session) => void; onError: (e: unknown) => void },
) => void;

export function OneTimeSignIn({ secret, missing, title, signingIn, testId, send, pending }: {
  /** The secret from the URL; empty shows `missing`. */
  secret: string;
  missing: string;
  title: string;
  signingIn: string;
  /** Prefix of the test ids of the error and the pending state. */
  testId: string;
  send: Send;
  pending: boolean;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const showFailedAttempts = useFailedAttemptsNotice();
  const [error, setError] = useState<string | null>(secret ? null : missing);
  const used = useRef(false);
  const [needCode, setNeedCode] = useState(false);

  useEffect(() => {
    // The secret works once: never send it twice (React may run effects twice in development).
    if (!secret || used.current) return;
    used.current = true;
    send(undefined, {
      onSuccess: (session) => {
        showFailedAttempts(session);
        navigate('/dashboard', { replace: true });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'auth.two_factor_required') setNeedCode(true);
        else setError(translateApiError(t, e));
      },
    });
  }, [secret]); // eslint-disable-line react-hooks/exhaustive-deps

  if (needCode) return <CodeStep send={(code, handlers) => send(code, handlers)} pending={pending} onBack={() => navigate('/login')} />;

  return (
    <>
      <Typography.Title level={3}>{title}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />
      ) : (
        <Spin description={signingIn} data-testid={`${testId}-pending`}>
          <div style={{ minHeight: 48 }} />
        </Spin>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </>
  );
}
