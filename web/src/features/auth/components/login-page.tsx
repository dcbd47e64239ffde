import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '../api/login';
import { useFormRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import type { LoginRequest } from '../../../lib/api-schemas';
import { useFailedAttemptsNotice } from './failed-attempts-notice';
import { CodeStep } from './code-step';

type Credentials = Pick<LoginRequest, 'email' | 'password'>;

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const showFailedAttempts = useFailedAttemptsNotice();
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<Credentials | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;

  const onFinish = (values: Credentials) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (session) => {
        showFailedAttempts(session);
        navigate('/dashboard', { replace: true });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'auth.two_factor_required') {
          setSecondStep(values);
          return;
        }
        applyServerErrors(form, e, t);
        // auth.locked, auth.busy and auth.too_many_attempts are translated like any other code.
        setError(translateApiError(t, e));
      },
    });
  };

  if (secondStep)
    return (
      <CodeStep
        send={(otp_code, handlers) => login.mutate({ ...secondStep, otp_code }, handlers)}
        pending={login.isPending}
        onBack={() => setSecondStep(null)}
      />
    );
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
