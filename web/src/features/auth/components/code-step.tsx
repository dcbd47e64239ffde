// The second step of signing in to an account with two-factor sign-in, shared by the login
// page and the one-time sign-in pages (the e-mailed link of a locked account, single sign-on).
import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import type { Session } from '../../../lib/api-schemas';
import { useFailedAttemptsNotice } from './failed-attempts-notice';
import { signInTarget } from './sign-in-target';

/** Sends a code; the handlers are those of a TanStack mutation. */
export type SendCode = (
  otpCode: string,
  handlers: { onSuccess: (session: Session) => void; onError: (e: unknown) => void },
) => void;

/**
 * The second step of signing in to an account with two-factor sign-in: a code of the
 * authenticator app, or one of the recovery codes.
 */
export function CodeStep({ send, pending, onBack }: { send: SendCode; pending: boolean; onBack: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const [form] = Form.useForm<{ otp_code: string }>();
  const navigate = useNavigate();
  const location = useLocation();
  const showFailedAttempts = useFailedAttemptsNotice();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = ({ otp_code }: { otp_code: string }) => {
    setError(null);
    send(otp_code.trim(), {
      onSuccess: (session) => {
        showFailedAttempts(session);
        navigate(signInTarget(location.state), { replace: true });
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) setError(translateApiError(t, e));
      },
    });
  };
  return (
    <>
      <Typography.Title level={3}>{t('two_factor.title')}</Typography.Title>
      <Typography.Paragraph>{recovery ? t('two_factor.recovery_help') : t('two_factor.help')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="otp_code"
          label={recovery ? t('two_factor.recovery_code') : t('two_factor.code')}
          rules={[rules.required()]}
        >
          <Input
            autoFocus
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={20}
            data-testid="login-otp"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-otp-submit">
          {t('two_factor.submit')}
        </Button>
      </Form>
      <Space orientation="vertical" style={{ marginTop: 16 }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          data-testid="login-use-recovery"
          onClick={() => {
            setRecovery(!recovery);
            form.resetFields();
          }}
        >
          {recovery ? t('two_factor.use_app') : t('two_factor.use_recovery')}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onBack} data-testid="login-otp-back">
          {t('two_factor.back')}
        </Button>
      </Space>
    </>
  );
}
