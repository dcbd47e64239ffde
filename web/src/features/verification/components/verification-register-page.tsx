import { useEffect } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isInvalidCode, normaliseCode, useRegisterWithCode, useVerificationCheck, type VerificationRegisterRequest } from '../api/verification';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { PASSWORD_MIN, useFormRules } from '../../../lib/form-rules';
import { PageLoader } from '../../../components/page-loader';

/** Register a new account with the code, then land in the personal area. */
export default function VerificationRegisterPage() {
  const { t } = useTranslation(['verification', 'common', 'errors']);
  const rules = useFormRules();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = normaliseCode(params.get('code'));
  const check = useVerificationCheck(code);
  const register = useRegisterWithCode();
  const [form] = Form.useForm<VerificationRegisterRequest>();

  useEffect(() => {
    if (check.data?.email && !form.getFieldValue('email')) form.setFieldValue('email', check.data.email);
  }, [check.data, form]);

  if (!code || (check.isError && isInvalidCode(check.error))) return <Navigate to="/verification/employee/unqualified" replace />;
  if (check.isPending) return <PageLoader />;

  const onFinish = (v: VerificationRegisterRequest) =>
    register.mutate(
      { ...v, verification_code: code },
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
      <Typography.Title level={3}>{t('register_title')}</Typography.Title>
      {check.data && (
        <Typography.Paragraph>
          {t('register_intro', { name: [check.data.first_name, check.data.last_name].filter(Boolean).join(' '), org: check.data.org.name })}
        </Typography.Paragraph>
      )}
      {register.isError && !isInvalidCode(register.error) && (
        <Alert type="error" showIcon title={translateApiError(t, register.error)} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="email" label={t('email')} rules={[rules.emailRequired(), rules.email()]}>
          <Input autoComplete="username" data-testid="verification-email" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[rules.passwordRequired(), rules.min(PASSWORD_MIN)]}>
          <Input.Password autoComplete="new-password" data-testid="verification-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('password_repeat')}
          dependencies={['password']}
          rules={[rules.passwordRequired(), rules.sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="verification-password-repeat" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="verification-register-submit">
          {t('register_submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={`/verification/employee/login?code=${encodeURIComponent(code)}`}>{t('have_account')}</Link>
      </div>
    </>
  );
}
