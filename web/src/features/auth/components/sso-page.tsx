// Where single sign-on lands (/login/sso?ticket=...): the ticket is exchanged once for a
// session, then the dashboard opens.
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSsoSession } from '../api/sso';
import { translateApiError } from '../../../lib/form-errors';

export default function SsoPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const navigate = useNavigate();
  const exchange = useSsoSession();
  const [error, setError] = useState<string | null>(ticket ? null : t('errors:auth.sso_failed'));
  const used = useRef(false);

  useEffect(() => {
    // The ticket works once: never send it twice (React may run effects twice in development).
    if (!ticket || used.current) return;
    used.current = true;
    exchange.mutate(ticket, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: (e) => setError(translateApiError(t, e)),
    });
  }, [ticket]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <Typography.Title level={3}>{t('sso.title')}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="sso-error" />
      ) : (
        <Spin description={t('sso.signing_in')} data-testid="sso-pending">
          <div style={{ minHeight: 48 }} />
        </Spin>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </>
  );
}
