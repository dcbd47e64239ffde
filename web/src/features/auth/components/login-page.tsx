import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '../api/login';
import { useFormRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import type { LoginRequest } from '../../../lib/api-schemas';

type Credentials = Pick<LoginRequest, 'email' | 'password'>;

/**
 * The second step of signing in to an account with two-factor sign-in: a code of the
 * authenticator app, or one of the recovery codes.
 */
function CodeStep({ credentials, onBack }: { credentials: Credentials; onBack: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const [form] = Form.useForm<{ otp_code: string }>();
  const navigate = useNavigate();
  const login = useLogin();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = ({ otp_code }: { otp_code: string }) => {
    setError(null);
    login.mutate(
      { ...credentials, otp_code: otp_code.trim() },
      {
        onSuccess: () => navigate('/dashboard', { replace: true }),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) setError(translateApiError(t, e));
        },
      },
    );
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
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-otp-submit">
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

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;

  const onFinish = (values: Credentials) => {
    setError(null);
    login.mutate(values, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'auth.two_factor_required') {
          setSecondStep(values);
          return;
        }
        applyServerErrors(form, e, t);
        setError(translateApiError(t, e));
      },
    });
  };

  if (secondStep) return <CodeStep credentials={secondStep} onBack={() => setSecondStep(null)} />;
  return (
    <>
      <Typography.Title level={3}>{t('login.title')}</Typography.Title>
      {notice && <Alert type="success" showIcon title={t(notice)} style={{ marginBottom: 16 }} data-testid="login-notice" />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="email" label={t('login.username')} rules={[rules.usernameRequired(), rules.email()]}>
          <Input autoComplete="username" data-testid="login-email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[rules.passwordRequired()]}>
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Space orientation="vertical" style={{ marginTop: 16 }}>
        <Link to="/forgot/password">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register_company')}</Link>
        <Link to="/register/school" data-testid="link-register-school">{t('login.register_school')}</Link>
      </Space>
    </>
  );
}
