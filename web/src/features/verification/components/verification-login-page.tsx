import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isInvalidCode, normaliseCode, useLoginAndLink } from '../api/verification';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import type { LoginRequest } from '../../../lib/api-schemas';

/** Sign in with an existing account of the organisation and link it with the code. */
export default function VerificationLoginPage() {
  const { t } = useTranslation(['verification', 'common', 'errors']);
  const rules = useFormRules();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = normaliseCode(params.get('code'));
  const link = useLoginAndLink();
  const [form] = Form.useForm<LoginRequest>();

  if (!code) return <Navigate to="/verification/employee/unqualified" replace />;

  const onFinish = (v: LoginRequest) =>
    link.mutate(
      { ...v, code },
      {
        onSuccess: () => navigate('/personal/profile', { replace: true }),
        onError: (e) => {
          if (isInvalidCode(e)) navigate('/verification/employee/unqualified', { replace: true });
          else applyServerErrors(form, e, t);
        },
      },
    );

  return (
    <>
      <Typography.Title level={3}>{t('login_title')}</Typography.Title>
      <Typography.Paragraph>{t('login_intro')}</Typography.Paragraph>
      {link.isError && !isInvalidCode(link.error) && (
        <Alert type="error" showIcon title={translateApiError(t, link.error)} style={{ marginBottom: 16 }} data-testid="verification-login-error" />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="email" label={t('email')} rules={[rules.usernameRequired(), rules.email()]}>
          <Input autoComplete="username" data-testid="verification-login-email" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[rules.passwordRequired()]}>
          <Input.Password autoComplete="current-password" data-testid="verification-login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={link.isPending} data-testid="verification-login-submit">
          {t('login_submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={`/verification/employee/register?code=${encodeURIComponent(code)}`}>{t('no_account')}</Link>
      </div>
    </>
  );
}
